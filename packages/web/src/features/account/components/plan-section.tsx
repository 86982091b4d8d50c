import type { Me } from '../../../lib/types';

const credits = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Read-only: the membership and the credit balance (commerce makes these actionable later). */
export function PlanSection({ user }: { user: Me }) {
  const { monthly, purchased, balance } = user.credits;
  return (
    <section className="account-section" aria-labelledby="plan-heading">
      <header className="account-section__header">
        <h2 id="plan-heading">Plan &amp; credits</h2>
        <p>Your membership and the credits you can spend on designs.</p>
      </header>
      <dl className="account-plan">
        <div className="account-plan__item">
          <dt>Membership</dt>
          <dd>{user.membership.name} plan</dd>
        </div>
        <div className="account-plan__item">
          <dt>Credit balance</dt>
          <dd>{credits.format(Math.max(0, Math.round(balance)))} credits</dd>
        </div>
        <div className="account-plan__item">
          <dt>Monthly credits</dt>
          <dd>{credits.format(Math.max(0, Math.round(monthly)))}</dd>
        </div>
        <div className="account-plan__item">
          <dt>Purchased credits</dt>
          <dd>{credits.format(Math.max(0, Math.round(purchased)))}</dd>
        </div>
      </dl>
    </section>
  );
}
