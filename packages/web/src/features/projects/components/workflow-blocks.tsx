import { useState } from 'react';
import type { FormEvent } from 'react';
import { useAuth } from '../../../app/auth';
import { Button, Field, Input, Textarea, toast } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import {
  useApproveDelivery,
  useDeliverFiles,
  useMarkPaid,
  useRateProject,
  useRequestChanges,
} from '../api/workflow-actions';
import type { ProjectDetail } from '../api/types';
import { formatMoney } from '@facet/domain/format';
import { PayPanel } from './pay-panel';

export const fail = (error: unknown) =>
  toast({ title: 'Error!', description: errorMessage(error), variant: 'destructive' });

type Can = (action: ProjectDetail['allowedActions'][number]) => boolean;

/**
 * The workflow's mutations and form state, held by the panel (which stays mounted) rather than by the
 * blocks: a block leaves as soon as its action succeeds, and a mutation's callbacks (the Success! toast)
 * only run while the component that called it is there.
 */
export function useWorkflowState() {
  const [files, setFiles] = useState<File[]>([]);
  const [changes, setChanges] = useState('');
  const [stars, setStars] = useState(5);
  const [review, setReview] = useState('');
  return {
    markPaid: useMarkPaid(),
    deliver: useDeliverFiles(),
    approve: useApproveDelivery(),
    requestChanges: useRequestChanges(),
    rate: useRateProject(),
    files,
    setFiles,
    changes,
    setChanges,
    stars,
    setStars,
    review,
    setReview,
  };
}

type Workflow = ReturnType<typeof useWorkflowState>;

/** Position 2: the customer pays (staff may mark the project paid). */
export function PaymentBlock({ project, can, w }: { project: ProjectDetail; can: Can; w: Workflow }) {
  const { user } = useAuth();
  const { markPaid } = w;
  const customer = project.viewerRole === 'customer';
  return (
    <section className="project-callout" aria-labelledby="wf-pay">
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
          <Button loading={markPaid.isPending} onClick={() => markPaid.mutate(project.id, { onError: fail })}>
            Mark as paid
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** The customer approved priced changes: they pay for them and the work resumes. */
export function PayChangesBlock({
  project,
  changeRequestId,
  can,
}: {
  project: ProjectDetail;
  changeRequestId: string;
  can: Can;
}) {
  const customer = project.viewerRole === 'customer';
  return (
    <section className="project-callout" aria-labelledby="wf-pay-changes">
      <h2 id="wf-pay-changes">Pay for the changes</h2>
      <p>
        {customer
          ? 'You approved the priced changes. Pay for them and the project goes back to work.'
          : 'The customer approved the priced changes; the work resumes once they are paid.'}
      </p>
      {customer && can('pay-changes') ? (
        <PayPanel kind="changes" id={changeRequestId} projectId={project.id} title="Changes payment" />
      ) : null}
    </section>
  );
}

/** The chosen pro delivers the files. */
export function DeliverBlock({ project, w }: { project: ProjectDetail; w: Workflow }) {
  const { deliver, files, setFiles } = w;
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
  return (
    <section className="project-callout" aria-labelledby="wf-deliver">
      <h2 id="wf-deliver">Deliver your files</h2>
      <form onSubmit={submit} className="project-callout__actions">
        <Field label="Files to deliver">
          <input type="file" multiple onChange={(e) => setFiles(Array.from(e.target.files ?? []))} />
        </Field>
        <Button type="submit" disabled={!files.length} loading={deliver.isPending}>
          Deliver
        </Button>
      </form>
    </section>
  );
}

/** The customer approves the delivery or lists the changes they need. */
export function ReviewDeliveryBlock({ project, can, w }: { project: ProjectDetail; can: Can; w: Workflow }) {
  const { approve, requestChanges, changes, setChanges } = w;
  return (
    <section className="project-callout" aria-labelledby="wf-review">
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
    </section>
  );
}

/** A completed project: its rating, or the customer's form to rate it. */
export function CompletedBlock({ project, can, w }: { project: ProjectDetail; can: Can; w: Workflow }) {
  const { rate, stars, setStars, review, setReview } = w;
  return (
    <section className="project-callout" aria-labelledby="wf-done">
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
            <Textarea rows={3} value={review} onChange={(e) => setReview(e.target.value)} maxLength={2000} />
          </Field>
          <Button type="submit" loading={rate.isPending}>
            Rate and review
          </Button>
        </form>
      ) : (
        <p>This project is complete.</p>
      )}
    </section>
  );
}

/**
 * Staff cancelled the project before delivery (decision 051): it is closed for everyone, its payment
 * went back to the customer, and the conversation is read-only.
 */
export function CancelledBlock({ project }: { project: ProjectDetail }) {
  const text =
    project.viewerRole === 'customer'
      ? 'The production team cancelled this project. Any payment you made for it through Facet is refunded to you. Its conversation is closed.'
      : project.viewerRole === 'staff'
        ? 'This project was cancelled; what Facet held for it goes back to the customer (the projects board shows anything still held). Its conversation is closed.'
        : 'The production team cancelled this project, so there is nothing more to do on it. Its conversation is closed.';
  return (
    <section
      className="project-callout project-callout--cancelled"
      aria-labelledby="wf-cancelled"
      data-testid="project-cancelled"
    >
      <h2 id="wf-cancelled">Cancelled</h2>
      <p>{text}</p>
    </section>
  );
}
