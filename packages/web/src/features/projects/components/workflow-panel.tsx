import { useState } from 'react';
import type { FormEvent } from 'react';
import { useAuth } from '../../../app/auth';
import { Button, Checkbox, Field, Input, Textarea, toast } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import {
  useApproveChanges,
  useApproveDelivery,
  useDeclineChanges,
  useDeliverFiles,
  useMarkPaid,
  useQuoteChanges,
  useRateProject,
  useRejectChanges,
  useRequestChanges,
} from '../api/workflow-actions';
import type { ChangeRequest, ProjectDetail } from '../api/types';
import { PayPanel } from './pay-panel';
import { formatMoney, parseDollars } from '@facet/domain/format';

const fail = (error: unknown) =>
  toast({ title: 'Error!', description: errorMessage(error), variant: 'destructive' });

/** What happens next after an offer is accepted, with the actions the server allows the viewer now. */
export function WorkflowPanel({ project }: { project: ProjectDetail }) {
  const { user } = useAuth();
  const can = (a: ProjectDetail['allowedActions'][number]) => project.allowedActions.includes(a);
  const markPaid = useMarkPaid();
  const deliver = useDeliverFiles();
  const approve = useApproveDelivery();
  const requestChanges = useRequestChanges();
  const rate = useRateProject();
  const [files, setFiles] = useState<File[]>([]);
  const [changes, setChanges] = useState('');
  const [stars, setStars] = useState(5);
  const [review, setReview] = useState('');
  const position = project.activeStatus.position;
  const cr = project.changeRequest;
  const customer = project.viewerRole === 'customer';

  if (position < 2 && !project.completed) return null;

  const blocks = [];
  if (position === 2 && !project.completed) {
    blocks.push(
      <section key="pay" className="project-callout" aria-labelledby="wf-pay">
        <h2 id="wf-pay">Make Payment</h2>
        <p>
          {customer
            ? `You accepted ${project.pro?.shortName ?? 'an offer'} at ${formatMoney(project.totalPriceCents ?? 0, { fraction: 'when-needed' })}. Pay to start the work.`
            : 'Waiting for the customer’s payment; the work starts once it is paid.'}
        </p>
        {customer && can('pay') ? (
          <PayPanel kind="project" id={project.id} projectId={project.id} title="Project payment" />
        ) : null}
        {user?.role === 'staff' && can('mark-paid') ? (
          <div className="project-callout__actions">
            <Button
              loading={markPaid.isPending}
              onClick={() => markPaid.mutate(project.id, { onError: fail })}
            >
              Mark as paid
            </Button>
          </div>
        ) : null}
      </section>,
    );
  }
  if (can('deliver')) {
    const submit = (e: FormEvent) => {
      e.preventDefault();
      if (!files.length) return;
      deliver.mutate(
        { projectId: project.id, files },
        {
          onSuccess: () =>
            toast({
              title: 'Success!',
              description: project.service ? 'Files have been delivered!' : 'Project has been delivered!',
            }),
          onError: fail,
        },
      );
    };
    blocks.push(
      <section key="deliver" className="project-callout" aria-labelledby="wf-deliver">
        <h2 id="wf-deliver">Deliver your files</h2>
        <form onSubmit={submit} className="project-callout__actions">
          <Field label="Files to deliver">
            <input type="file" multiple onChange={(e) => setFiles(Array.from(e.target.files ?? []))} />
          </Field>
          <Button type="submit" disabled={!files.length} loading={deliver.isPending}>
            Deliver
          </Button>
        </form>
      </section>,
    );
  }
  if (can('approve-delivery') || can('request-changes')) {
    blocks.push(
      <section key="review" className="project-callout" aria-labelledby="wf-review">
        <h2 id="wf-review">Review the delivery</h2>
        <p>Approve the delivered files to complete the project, or list the changes you need.</p>
        <div className="project-callout__actions">
          {can('approve-delivery') ? (
            <Button loading={approve.isPending} onClick={() => approve.mutate(project.id, { onError: fail })}>
              Approve delivery
            </Button>
          ) : null}
        </div>
        {can('request-changes') ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              const list = changes
                .split('\n')
                .map((c) => c.trim())
                .filter(Boolean);
              if (list.length)
                requestChanges.mutate(
                  { projectId: project.id, changes: list },
                  { onError: fail, onSuccess: () => setChanges('') },
                );
            }}
          >
            <Field label="Changes (one per line)">
              <Textarea rows={3} value={changes} onChange={(e) => setChanges(e.target.value)} />
            </Field>
            <Button
              type="submit"
              variant="secondary"
              disabled={!changes.trim()}
              loading={requestChanges.isPending}
            >
              Request changes
            </Button>
          </form>
        ) : null}
      </section>,
    );
  }
  if (cr && cr.status === 'approved') {
    blocks.push(
      <section key="pay-changes" className="project-callout" aria-labelledby="wf-pay-changes">
        <h2 id="wf-pay-changes">Pay for the changes</h2>
        <p>
          {customer
            ? 'You approved the priced changes. Pay for them and the project goes back to work.'
            : 'The customer approved the priced changes; the work resumes once they are paid.'}
        </p>
        {customer && can('pay-changes') ? (
          <PayPanel kind="changes" id={cr.id} projectId={project.id} title="Changes payment" />
        ) : null}
      </section>,
    );
  }
  if (cr && (cr.status === 'requested' || cr.status === 'quoted')) {
    blocks.push(
      <ChangeRequestBlock
        key={`changes-${cr.id}-${cr.status}`}
        changeRequest={cr}
        canQuote={can('quote-changes')}
        canReject={can('reject-changes')}
        canAnswer={can('approve-changes') || can('decline-changes')}
      />,
    );
  }
  if (project.completed) {
    blocks.push(
      <section key="done" className="project-callout" aria-labelledby="wf-done">
        <h2 id="wf-done">Completed</h2>
        {project.rating ? (
          <p>
            Rated {project.rating.stars} of 5{project.rating.review ? `: “${project.rating.review}”` : ''}
          </p>
        ) : can('rate') ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              rate.mutate({ projectId: project.id, stars, review }, { onError: fail });
            }}
          >
            <p>How did {project.pro?.shortName ?? 'it'} do?</p>
            <Field label="Stars (1 to 5)">
              <Input
                type="number"
                min={1}
                max={5}
                value={stars}
                onChange={(e) => setStars(Number(e.target.value))}
              />
            </Field>
            <Field label="Review">
              <Textarea
                rows={3}
                value={review}
                onChange={(e) => setReview(e.target.value)}
                maxLength={2000}
              />
            </Field>
            <Button type="submit" loading={rate.isPending}>
              Rate and review
            </Button>
          </form>
        ) : (
          <p>This project is complete.</p>
        )}
      </section>,
    );
  }
  return <>{blocks}</>;
}

/**
 * An open change request. The chosen pro prices the changes or declines them; the customer then answers
 * each priced change. Spec section 4: when not all are approved, the changes become refused.
 */
function ChangeRequestBlock({
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
