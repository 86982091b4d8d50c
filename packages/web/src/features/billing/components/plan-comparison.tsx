import { useState } from 'react';
import { Link } from 'react-router';
import { Check } from 'lucide-react';
import { formatMoney } from '@facet/domain/format';
import { useAuth } from '../../../app/auth';
import { errorMessage } from '../../../lib/api-client';
import {
  Button,
  Card,
  CardContent,
  CardFooter,
  CardHeader,
  CardTitle,
  Skeleton,
} from '../../../components/ui';
import { useMemberships } from '../api/memberships';
import { formatCredits } from './format';
import { UpgradeDialog } from './upgrade-dialog';
import './billing.css';

/**
 * /pricing's plans from the server's plan data: price a month, monthly credits, library access and perks.
 * A customer's own plan is marked; Choose opens the upgrade dialog (visitors sign up first).
 */
export function PlanComparison() {
  const { user } = useAuth();
  const plans = useMemberships();
  const [chosen, setChosen] = useState<string | null>(null);
  const customer = user?.role === 'customer';
  const current = customer ? user.membership.name : null;
  const currentRank = plans.data?.plans.find((p) => p.name === current)?.rank ?? 0;

  if (plans.isError) {
    return (
      <p className="billing-error" role="alert">
        {errorMessage(plans.error)}{' '}
        <Button variant="ghost" size="sm" onClick={() => void plans.refetch()}>
          Try again
        </Button>
      </p>
    );
  }
  if (!plans.data) {
    return (
      <ul className="plan-grid" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <li key={i}>
            <Skeleton height="22rem" radius="md" />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <>
      <ul className="plan-grid">
        {plans.data.plans.map((plan) => {
          const mine = plan.name === current;
          return (
            <li key={plan.id}>
              <Card tone={plan.rank === 1 ? 'accent' : 'outline'} className="plan">
                <CardHeader>
                  <CardTitle as="h3">{plan.name}</CardTitle>
                  <p className="plan__price">
                    {plan.priceCents === 0 ? 'Free' : `${formatMoney(plan.priceCents)} / month`}
                  </p>
                  <p className="plan__audience">
                    {formatCredits(plan.monthlyCredits)} AI credits a month · {plan.libraryTier} library
                  </p>
                  {mine ? <p className="plan__current">Your plan</p> : null}
                </CardHeader>
                <CardContent>
                  <ul className="plan__perks">
                    {plan.perks.map((perk) => (
                      <li key={perk}>
                        <Check aria-hidden="true" />
                        {perk}
                      </li>
                    ))}
                  </ul>
                </CardContent>
                <CardFooter>
                  {!user ? (
                    <Button variant={plan.rank === 0 ? 'primary' : 'secondary'} fullWidth asChild>
                      <Link to="/onboarding">{plan.rank === 0 ? 'Start free' : `Choose ${plan.name}`}</Link>
                    </Button>
                  ) : !customer ? null : mine ? (
                    <Button variant="secondary" fullWidth disabled>
                      Current plan
                    </Button>
                  ) : (
                    <Button
                      variant={plan.rank > currentRank ? 'primary' : 'secondary'}
                      fullWidth
                      onClick={() => setChosen(plan.name)}
                    >
                      {plan.rank > currentRank ? `Upgrade to ${plan.name}` : `Choose ${plan.name}`}
                    </Button>
                  )}
                </CardFooter>
              </Card>
            </li>
          );
        })}
      </ul>
      {customer ? (
        <UpgradeDialog
          open={chosen !== null}
          onOpenChange={(open) => (open ? null : setChosen(null))}
          initialPlan={chosen}
        />
      ) : null}
    </>
  );
}
