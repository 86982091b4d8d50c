import { Link } from 'react-router';
import { BadgeCheck } from 'lucide-react';
import { useAuth } from '../../../app/auth';
import { Button, EmptyState } from '../../../components/ui';

/** Where the payout provider returns a designer or service provider after connecting their account. */
export function SuccessPage() {
  const { user } = useAuth();
  const customer = user?.role === 'customer';
  return (
    <div className="page">
      <title>All set · Facet</title>
      <EmptyState
        headingLevel="h1"
        icon={<BadgeCheck />}
        eyebrow="All set"
        title={customer ? 'You are all set' : 'Your payout account is connected'}
        description={
          customer
            ? 'Everything went through. You can pick up where you left off.'
            : 'Earnings from completed projects will be paid to this account. You can now accept paid projects.'
        }
        action={
          <Button asChild>
            <Link to="/dashboard">Go to your dashboard</Link>
          </Button>
        }
      />
    </div>
  );
}
