import { useState } from 'react';
import { Check } from 'lucide-react';
import clsx from 'clsx';
import { formatMoney } from '@facet/domain/format';
import { errorMessage } from '../../../lib/api-client';
import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Skeleton,
  toast,
} from '../../../components/ui';
import {
  useChangeMembership,
  useMembershipPreview,
  useMemberships,
  useMyMembership,
  type MembershipQuote,
} from '../api/memberships';
import { formatCredits } from './format';
import { DiscountCodeField, discountCodeError } from './discount-code-field';
import './billing.css';
import './upgrade-dialog.css';

export type UpgradeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The plan chosen when it opens (a plan's button on /pricing, Cancel membership); the next one up otherwise. */
  initialPlan?: string | null;
};

const newKey = () => `membership-${crypto.randomUUID()}`;

function confirmLabel(quote: MembershipQuote | undefined, pending: boolean) {
  switch (quote?.kind) {
    case 'new':
    case 'upgrade':
      return `Pay ${formatMoney(quote.amountCents)}`;
    case 'downgrade':
      return `Switch to ${quote.plan.name}`;
    case 'cancel':
      return 'Cancel membership';
    default:
      return pending ? `Keep ${quote?.plan.name ?? 'my plan'}` : 'Your plan';
  }
}

/**
 * Choosing a plan (spec: the upgrade dialog, user/subscription/update): the server's preview of what it
 * costs now (prorated for an upgrade) or when it takes effect, a discount code, then the hosted pay page.
 */
export function UpgradeDialog({ open, onOpenChange, initialPlan }: UpgradeDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* mounted while open: each opening starts from the plan asked for, without an old code or error */}
      {open ? <UpgradeContent onOpenChange={onOpenChange} initialPlan={initialPlan ?? null} /> : null}
    </Dialog>
  );
}

function UpgradeContent({
  onOpenChange,
  initialPlan,
}: {
  onOpenChange: (open: boolean) => void;
  initialPlan: string | null;
}) {
  const plans = useMemberships();
  const mine = useMyMembership();
  const [picked, setPicked] = useState<string | null>(null);
  const [code, setCode] = useState<string | null>(null);
  const [key, setKey] = useState(newKey);
  const change = useChangeMembership();
  const current = mine.data?.plan.name ?? null;
  const list = plans.data?.plans ?? [];

  // the plan asked for, else the next plan up, else the current one
  const fallback =
    list.find((p) => p.name === initialPlan) ??
    list.find((p) => mine.data && p.rank > mine.data.plan.rank) ??
    mine.data?.plan;
  const chosen = picked ?? (mine.data ? (fallback?.name ?? null) : null);

  const preview = useMembershipPreview(chosen, code);
  const quote = preview.data;
  const codeError = discountCodeError(preview.error);
  const charged = quote?.kind === 'new' || quote?.kind === 'upgrade';
  const pending = Boolean(mine.data?.pendingPlan);
  const canConfirm =
    Boolean(quote) && !preview.isFetching && !preview.error && (quote?.kind !== 'same' || pending);

  function choose(name: string) {
    setPicked(name);
    setKey(newKey());
  }

  function applyCode(next: string | null) {
    setCode(next);
    setKey(newKey());
  }

  function confirm() {
    if (!chosen) return;
    change.mutate(
      { body: { plan: chosen, ...(code && charged ? { discountCode: code } : {}) }, key },
      {
        onSuccess: (answer) => {
          if (answer.checkoutUrl) {
            window.location.assign(answer.checkoutUrl);
            return;
          }
          toast({ title: 'Plan updated', description: answer.quote.message });
          onOpenChange(false);
        },
      },
    );
  }

  return (
    <DialogContent size="lg">
      <DialogHeader>
        <DialogTitle>Upgrade your plan</DialogTitle>
        <DialogDescription>
          {current ? `You are on the ${current} plan. ` : ''}Higher plans add monthly credits for AI design
          generations, more library designs and lower minimum orders.
        </DialogDescription>
      </DialogHeader>
      <DialogBody>
        {plans.isError || mine.isError ? (
          <p className="billing-error" role="alert">
            {errorMessage(plans.error ?? mine.error)}
          </p>
        ) : list.length === 0 || !mine.data ? (
          <div className="upgrade-plans" aria-busy="true">
            <Skeleton height="12rem" radius="md" />
            <Skeleton height="12rem" radius="md" />
            <Skeleton height="12rem" radius="md" />
          </div>
        ) : (
          <div className="upgrade-plans" role="radiogroup" aria-label="Plans">
            {list.map((plan) => {
              const isCurrent = plan.name === current;
              return (
                <label
                  key={plan.id}
                  className={clsx(
                    'upgrade-plan upgrade-plan--choosable',
                    isCurrent && 'upgrade-plan--current',
                    chosen === plan.name && 'upgrade-plan--chosen',
                  )}
                >
                  <input
                    type="radio"
                    name="plan"
                    value={plan.name}
                    checked={chosen === plan.name}
                    onChange={() => choose(plan.name)}
                  />
                  <span className="upgrade-plan__name">{plan.name}</span>
                  <span className="upgrade-plan__price">
                    {plan.priceCents === 0 ? 'Free' : `${formatMoney(plan.priceCents)} a month`}
                  </span>
                  <span className="upgrade-plan__perks">
                    <span>
                      <Check aria-hidden="true" /> {formatCredits(plan.monthlyCredits)} credits a month
                    </span>
                    {plan.perks.slice(1, 3).map((perk) => (
                      <span key={perk}>
                        <Check aria-hidden="true" /> {perk}
                      </span>
                    ))}
                  </span>
                  {isCurrent ? <span className="upgrade-plan__badge">Your plan</span> : null}
                </label>
              );
            })}
          </div>
        )}
        {charged || code ? <DiscountCodeField error={codeError} onApply={applyCode} /> : null}
        {quote ? (
          <div className="upgrade-summary" aria-live="polite">
            {charged ? (
              <>
                <div className="upgrade-summary__line">
                  <span>{quote.prorated ? `${quote.plan.name}, rest of this period` : quote.plan.name}</span>
                  <span>{formatMoney(quote.listPriceCents)}</span>
                </div>
                {quote.discountCents > 0 ? (
                  <div className="upgrade-summary__line">
                    <span>Discount {code}</span>
                    <span>−{formatMoney(quote.discountCents)}</span>
                  </div>
                ) : null}
                <div className="upgrade-summary__line upgrade-summary__line--total">
                  <span>Due now</span>
                  <span>{formatMoney(quote.amountCents)}</span>
                </div>
              </>
            ) : null}
            <p className="upgrade-summary__message">{quote.message}</p>
          </div>
        ) : preview.error && !codeError ? (
          <p className="billing-error" role="alert">
            {errorMessage(preview.error)}
          </p>
        ) : null}
        {change.error ? (
          <p className="billing-error" role="alert">
            {errorMessage(change.error)}
          </p>
        ) : null}
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Not now
        </Button>
        <Button onClick={confirm} disabled={!canConfirm} loading={change.isPending}>
          {confirmLabel(quote, pending)}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
