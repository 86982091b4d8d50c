import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatMoney } from '@facet/domain/format';
import { errorMessage } from '../../../lib/api-client';
import type { Me } from '../../../lib/types';
import { Button, Skeleton } from '../../../components/ui';
import { myMembershipQueryKey, useMyMembership } from '../api/memberships';
import { usePaymentReturn } from '../api/payment-return';
import { PaymentNotice } from './payment-notice';
import { day, formatCredits } from './format';
import { UpgradeDialog } from './upgrade-dialog';
import './billing.css';

/**
 * The account page's membership and credits: the plan, its renewal or scheduled change, a failed
 * renewal's grace, the credit balance; Change plan and Cancel open the upgrade dialog, which the sub
 * header's Upgrade Plan opens too (`?upgrade=1`).
 */
export function MembershipSection({ user }: { user: Me }) {
  const [params, setParams] = useSearchParams();
  const mine = useMyMembership();
  const [asked, setAsked] = useState<string | null>(null);
  const open = params.get('upgrade') === '1' || asked !== null;
  const returned = usePaymentReturn(params.get('payment'), [myMembershipQueryKey]);

  function setOpen(next: boolean, plan: string | null = null) {
    setAsked(next ? (plan ?? '') : null);
    if (!next && params.has('upgrade')) {
      const rest = new URLSearchParams(params);
      rest.delete('upgrade');
      setParams(rest, { replace: true });
    }
  }

  const m = mine.data;
  return (
    <section className="section-card" aria-labelledby="plan-heading">
      <header className="section-card__header">
        <h2 id="plan-heading">Plan &amp; credits</h2>
        <p>Your membership and the credits you can spend on AI designs.</p>
      </header>
      {params.get('payment') ? (
        <PaymentNotice
          payment={returned}
          cancelled={params.get('cancelled') === '1'}
          paidText="Your plan is updated."
        />
      ) : null}
      {mine.isError ? (
        <p className="billing-error" role="alert">
          {errorMessage(mine.error)}{' '}
          <Button variant="ghost" size="sm" onClick={() => void mine.refetch()}>
            Try again
          </Button>
        </p>
      ) : !m ? (
        <Skeleton height="6rem" radius="md" />
      ) : (
        <>
          <dl className="account-plan">
            <div className="account-plan__item">
              <dt>Membership</dt>
              <dd>{m.plan.name} plan</dd>
            </div>
            {m.plan.priceCents > 0 ? (
              <div className="account-plan__item">
                <dt>Price</dt>
                <dd>{formatMoney(m.plan.priceCents)} a month</dd>
              </div>
            ) : null}
            {m.periodEnd ? (
              <div className="account-plan__item">
                <dt>{m.pendingPlan ? 'Changes on' : 'Renews on'}</dt>
                <dd>{day(m.periodEnd)}</dd>
              </div>
            ) : null}
            <div className="account-plan__item">
              <dt>Monthly Credits</dt>
              <dd>{formatCredits(user.credits.monthly)}</dd>
            </div>
            <div className="account-plan__item">
              <dt>Purchased Credits</dt>
              <dd>{formatCredits(user.credits.purchased)}</dd>
            </div>
          </dl>
          {m.pendingPlan ? (
            <p className="billing-note">
              {m.pendingPlan.priceCents === 0
                ? `Your ${m.plan.name} membership ends on ${day(m.periodEnd)}; then your account moves to ${m.pendingPlan.name}.`
                : `You move to ${m.pendingPlan.name} on ${day(m.periodEnd)}.`}
            </p>
          ) : null}
          {m.status === 'past_due' ? (
            <p className="billing-error" role="alert">
              We could not renew your {m.plan.name} membership. We try your card again each day until{' '}
              {day(m.graceUntil)}; after that your account moves to Standard.{' '}
              <Button variant="ghost" size="sm" onClick={() => setOpen(true, m.plan.name)}>
                Pay now
              </Button>
            </p>
          ) : null}
          <div className="billing-actions">
            <Button onClick={() => setOpen(true)}>
              {m.plan.rank === 0 ? 'Upgrade plan' : 'Change plan'}
            </Button>
            {m.plan.priceCents > 0 && m.pendingPlan?.priceCents !== 0 ? (
              <Button variant="secondary" onClick={() => setOpen(true, 'Standard')}>
                Cancel membership
              </Button>
            ) : null}
            <Button variant="ghost" asChild>
              <Link to="/credits">Credits and history</Link>
            </Button>
          </div>
        </>
      )}
      <UpgradeDialog open={open} onOpenChange={(next) => setOpen(next)} initialPlan={asked || null} />
    </section>
  );
}
