import { Link } from 'react-router';
import { BadgeCheck, CircleAlert } from 'lucide-react';
import { useAuth } from '../../../app/auth';
import { Button, EmptyState, Spinner, toast } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useConnectPayoutAccount, usePayoutAccount } from '../../account/api/payments';

/**
 * Where the payout provider returns a designer or service provider after onboarding. It says what the
 * gateway says of their payout account (asked now), never more: leaving onboarding early is not "connected".
 */
export function SuccessPage() {
  const { user } = useAuth();
  const customer = user?.role === 'customer';
  const pro = user?.role === 'designer' || user?.role === 'service';
  const account = usePayoutAccount(pro);
  const connect = useConnectPayoutAccount();
  if (pro && account.isPending) return <Spinner label="Checking your payout account" />;
  const connected = account.data?.status === 'active';
  if (pro && !connected) {
    return (
      <div className="page">
        <title>Payout account · Facet</title>
        <EmptyState
          headingLevel="h1"
          icon={<CircleAlert />}
          eyebrow="Not finished"
          title="Your payout account is not connected yet"
          description={
            account.isError
              ? errorMessage(account.error)
              : 'The payout provider has not confirmed your account. Finish the setup to receive your earnings.'
          }
          action={
            <Button
              loading={connect.isPending}
              onClick={() =>
                connect.mutate(undefined, {
                  onError: (e) =>
                    toast({ title: 'Error!', description: errorMessage(e), variant: 'destructive' }),
                })
              }
            >
              Finish payout setup
            </Button>
          }
        />
      </div>
    );
  }
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
            <Link to={customer ? '/dashboard' : '/earnings'}>
              {customer ? 'Go to your dashboard' : 'See your earnings'}
            </Link>
          </Button>
        }
      />
    </div>
  );
}
