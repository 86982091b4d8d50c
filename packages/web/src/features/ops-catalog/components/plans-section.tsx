import { useState, type FormEvent } from 'react';
import { Pencil } from 'lucide-react';
import { formatMoney } from '@facet/domain/format';
import {
  Button,
  Checkbox,
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  EmptyState,
  Field,
  Input,
  Skeleton,
  Textarea,
  toast,
} from '../../../components/ui';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useStaffPlans, useUpdatePlan, type Plan, type PlanPatch } from '../api/ops-catalog';
import { ChangeList } from './change-list';

const PRICE_ERROR = 'Enter the price a month in dollars, like 29.00 (0 for free).';
const CREDITS_ERROR = 'Enter the monthly credits as a whole number from 0 to 1,000,000.';

/** Dollars typed by staff as whole cents; null when it is not an amount of at most $10,000.00. */
export function planPriceCents(text: string): number | null {
  const clean = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const cents = Math.round(Number(clean) * 100);
  return cents <= 1_000_000 ? cents : null;
}

type PlanForm = { price: string; credits: string; perks: string; active: boolean };

const formOf = (plan: Plan): PlanForm => ({
  price: (plan.priceCents / 100).toFixed(2),
  credits: String(plan.monthlyCredits),
  perks: plan.perks.join('\n'),
  active: plan.active,
});

function PlanDialog({ plan, onClose }: { plan: Plan; onClose: () => void }) {
  const [form, setForm] = useState<PlanForm>(() => formOf(plan));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdatePlan();
  const set = <K extends keyof PlanForm>(key: K, value: PlanForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const patch: PlanPatch = {};
    const cents = planPriceCents(form.price);
    if (cents === null) found.priceCents = PRICE_ERROR;
    else if (cents !== plan.priceCents) patch.priceCents = cents;
    const credits = Number(form.credits.trim());
    if (!/^\d+$/.test(form.credits.trim()) || credits > 1_000_000) found.monthlyCredits = CREDITS_ERROR;
    else if (credits !== plan.monthlyCredits) patch.monthlyCredits = credits;
    const perks = form.perks
      .split('\n')
      .map((p) => p.trim())
      .filter(Boolean);
    if (perks.length > 12) found.perks = 'A plan has at most 12 perks (one a line).';
    else if (perks.some((p) => p.length > 120)) found.perks = 'Each perk is at most 120 characters.';
    else if (JSON.stringify(perks) !== JSON.stringify(plan.perks)) patch.perks = perks;
    if (form.active !== plan.active) patch.active = form.active;
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    if (Object.keys(patch).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { id: plan.id, patch },
      {
        onSuccess: () => {
          toast({ title: 'Saved', description: `${plan.name} is changed; the change is in the history.` });
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors(error.fields);
          setFormError(errorMessage(error));
        },
      },
    );
  };

  return (
    <DialogContent size="md">
      <form onSubmit={submit} noValidate aria-label={`Edit the ${plan.name} plan`}>
        <DialogHeader>
          <DialogTitle>Edit the {plan.name} plan</DialogTitle>
          <DialogDescription>
            Memberships already paid keep what they were charged; a new price applies from the next charge.
          </DialogDescription>
        </DialogHeader>
        <DialogBody className="ops-form">
          {formError ? (
            <p className="ops-error" role="alert">
              {formError}
            </p>
          ) : null}
          <Field label="Price a month ($)" error={errors.priceCents}>
            <Input
              value={form.price}
              onChange={(e) => set('price', e.target.value)}
              inputMode="decimal"
              startAdornment="$"
            />
          </Field>
          <Field label="Monthly credits" error={errors.monthlyCredits}>
            <Input
              value={form.credits}
              onChange={(e) => set('credits', e.target.value)}
              inputMode="numeric"
            />
          </Field>
          <Field label="Perks" hint="One a line, at most 12." error={errors.perks}>
            <Textarea value={form.perks} onChange={(e) => set('perks', e.target.value)} rows={4} />
          </Field>
          <Checkbox
            label="Offered to customers"
            checked={form.active}
            onChange={(e) => set('active', e.target.checked)}
          />
        </DialogBody>
        <DialogFooter>
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save changes
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

/** The membership plans: price a month, monthly credits, perks, offered or withdrawn; with their history. */
export function PlansSection() {
  const plans = useStaffPlans();
  const [editing, setEditing] = useState<Plan | null>(null);
  if (plans.isPending) {
    return (
      <div className="ops-stack" aria-label="Loading the plans">
        <Skeleton height="2.75rem" />
        <Skeleton height="2.75rem" />
      </div>
    );
  }
  if (plans.isError) {
    return (
      <EmptyState
        title="The plans could not be loaded"
        description={errorMessage(plans.error)}
        action={<Button onClick={() => void plans.refetch()}>Try again</Button>}
      />
    );
  }
  const names = new Map(plans.data.map((p) => [p.id, p.name]));
  return (
    <>
      <div className="ops-table-wrap">
        <table className="ops-table" data-testid="table-plans">
          <caption className="visually-hidden">Membership plans</caption>
          <thead>
            <tr>
              <th scope="col">Plan</th>
              <th scope="col" className="ops-num">
                Price a month
              </th>
              <th scope="col" className="ops-num">
                Monthly credits
              </th>
              <th scope="col">Perks</th>
              <th scope="col">State</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {plans.data.map((plan) => (
              <tr key={plan.id} className={plan.active ? undefined : 'ops-row--off'}>
                <th scope="row" data-label="Plan">
                  {plan.name}
                </th>
                <td data-label="Price a month" className="ops-num">
                  {formatMoney(plan.priceCents)}
                </td>
                <td data-label="Monthly credits" className="ops-num">
                  {plan.monthlyCredits.toLocaleString('en-US')}
                </td>
                <td data-label="Perks">{plan.perks.length ? plan.perks.join(' · ') : '—'}</td>
                <td data-label="State">{plan.active ? 'Offered' : 'Withdrawn'}</td>
                <td className="ops-actions">
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setEditing(plan)}
                    aria-label={`Edit ${plan.name}`}
                  >
                    <Pencil aria-hidden="true" /> Edit
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ChangeList
        entity="membership_plan"
        id="plans"
        label="membership plans"
        nameOf={(c) => (c.entityKey ? names.get(c.entityKey) : undefined)}
      />
      <Dialog open={editing !== null} onOpenChange={(open) => (open ? null : setEditing(null))}>
        {editing ? <PlanDialog key={editing.id} plan={editing} onClose={() => setEditing(null)} /> : null}
      </Dialog>
    </>
  );
}
