import { ShieldAlert } from 'lucide-react';
import { useAuth } from '../../../app/auth';
import { env } from '../../../config/env';
import { Button, EmptyState } from '../../../components/ui';

/** Blocked accounts land here from projects, dashboard, produce and design (spec section 4). */
export function NoAccessPage() {
  const { user, logout } = useAuth();
  const reason =
    user?.role === 'customer'
      ? 'Your account is inactive, so projects, designs and production are closed for now.'
      : 'Your account is on hold or deactivated, so projects and the dashboard are closed for now.';
  return (
    <div className="page">
      <title>No access · Facet</title>
      <EmptyState
        headingLevel="h1"
        icon={<ShieldAlert />}
        eyebrow="Account paused"
        title="You do not have access to this area"
        description={`${reason} Your designs, messages and orders are kept safe. Contact us and we will help you restore access.`}
        action={
          <>
            <Button asChild>
              <a href={env.contactUrl} target="_blank" rel="noreferrer noopener">
                Contact Us<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </Button>
            <Button variant="secondary" onClick={() => void logout()}>
              Log out
            </Button>
          </>
        }
      />
    </div>
  );
}
