import { useState } from 'react';
import { Button, Checkbox, Field, Input } from '../../../components/ui';
import {
  useApproveChanges,
  useDeclineChanges,
  useQuoteChanges,
  useRejectChanges,
} from '../api/workflow-actions';
import type { ChangeRequest } from '../api/types';
import { formatMoney, parseDollars } from '@facet/domain/format';
import { fail } from './workflow-blocks';

/**
 * An open change request. The chosen pro prices the changes or declines them; the customer then answers
 * each priced change. Spec section 4: when not all are approved, the changes become refused.
 */
export function ChangeRequestBlock({
  changeRequest: cr,
  canQuote,
  canReject,
  canAnswer,
}: {
  changeRequest: ChangeRequest;
  canQuote: boolean;
  canReject: boolean;
  canAnswer: boolean;
}) {
  const quoteChanges = useQuoteChanges();
  const rejectChanges = useRejectChanges();
  const approveChanges = useApproveChanges();
  const declineChanges = useDeclineChanges();
  const [price, setPrice] = useState('');
  const [priceError, setPriceError] = useState<string | undefined>();
  const [approvals, setApprovals] = useState<boolean[]>(() => cr.changes.map(() => true));
  const allApproved = approvals.every(Boolean);

  return (
    <section className="project-callout" aria-labelledby="wf-changes">
      <h2 id="wf-changes">Requested changes</h2>
      {canAnswer && cr.status === 'quoted' ? (
        <fieldset className="change-approvals">
          <legend className="visually-hidden">Approve each change</legend>
          {cr.changes.map((change, i) => (
            <Checkbox
              key={i}
              label={change}
              checked={approvals[i] ?? false}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                setApprovals((list) => list.map((v, n) => (n === i ? checked : v)));
              }}
            />
          ))}
        </fieldset>
      ) : (
        <ul>
          {cr.changes.map((c, i) => (
            <li key={i}>{c}</li>
          ))}
        </ul>
      )}
      {cr.status === 'quoted' ? (
        <p>Price for the changes: {formatMoney(cr.priceCents ?? 0, { fraction: 'when-needed' })}</p>
      ) : null}
      {canQuote ? (
        <form
          className="quote-form"
          onSubmit={(e) => {
            e.preventDefault();
            const cents = price.trim() === '0' ? 0 : parseDollars(price);
            if (cents === null) {
              setPriceError('Enter the price in dollars, such as 80 or 80.50.');
              return;
            }
            setPriceError(undefined);
            quoteChanges.mutate({ changeRequestId: cr.id, priceCents: cents }, { onError: fail });
          }}
        >
          <Field label="Price for the changes (USD)" error={priceError}>
            <Input
              inputMode="decimal"
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              startAdornment="$"
            />
          </Field>
          <div className="quote-form__actions">
            <Button type="submit" loading={quoteChanges.isPending}>
              Price changes
            </Button>
            {canReject ? (
              <Button
                variant="ghost"
                loading={rejectChanges.isPending}
                onClick={() => rejectChanges.mutate(cr.id, { onError: fail })}
              >
                Decline changes
              </Button>
            ) : null}
          </div>
        </form>
      ) : null}
      {canAnswer ? (
        <>
          {!allApproved ? (
            <p role="status">When not all changes are approved, the changes are refused.</p>
          ) : null}
          <div className="project-callout__actions">
            <Button
              loading={approveChanges.isPending}
              onClick={() => approveChanges.mutate({ changeRequestId: cr.id, approvals }, { onError: fail })}
            >
              Approve changes
            </Button>
            <Button
              variant="secondary"
              loading={declineChanges.isPending}
              onClick={() => declineChanges.mutate(cr.id, { onError: fail })}
            >
              Decline changes
            </Button>
          </div>
        </>
      ) : null}
    </section>
  );
}
