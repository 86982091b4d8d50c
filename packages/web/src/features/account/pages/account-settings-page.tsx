import { useAuth } from '../../../app/auth';
import { Spinner } from '../../../components/ui';
import { AddressSection } from '../components/address-section';
import { PasswordSection } from '../components/password-section';
import { MembershipSection } from '../../billing';
import { NotificationPreferencesSection } from '../../notifications';
import { ProfileSection } from '../components/profile-section';
import { EarningsSection } from '../components/earnings-section';
import { TransactionsSection } from '../components/transactions-section';
import './account-settings-page.css';

/** /account-settings: profile, address, password, plan and credits; transactions (customers), earnings and payouts (pros). */
export function AccountSettingsPage() {
  const { user } = useAuth();
  if (!user) return <Spinner label="Loading your account" />;
  return (
    <div className="page account-settings">
      <title>Account settings · Facet</title>
      <header className="page__header">
        <div>
          <p className="eyebrow">My account</p>
          <h1 className="page__title">Account settings</h1>
          <p className="page__lead">{user.email}</p>
        </div>
      </header>
      <div className="account-settings__sections">
        {/* keyed by account so the forms start from the saved values */}
        <ProfileSection key={`profile-${user.id}`} user={user} />
        <AddressSection key={`address-${user.id}`} user={user} />
        <PasswordSection />
        <NotificationPreferencesSection />
        {user.role === 'customer' ? <MembershipSection user={user} /> : null}
        {user.role === 'customer' ? <TransactionsSection /> : null}
        {user.role === 'designer' || user.role === 'service' ? <EarningsSection /> : null}
      </div>
    </div>
  );
}
