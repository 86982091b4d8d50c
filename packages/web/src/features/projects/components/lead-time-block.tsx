import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Field, Input, Textarea, toast } from '../../../components/ui';
import { formatDays } from '@facet/domain/format';
import { OFFER_LIMITS } from '@facet/domain/workflow';
import { useAnswerLeadTime, useRequestLeadTime } from '../api/lead-time';
import type { ProjectDetail } from '../api/types';
import { fail } from './workflow-blocks';

type Change = NonNullable<ProjectDetail['leadTimeChange']>;

/** The chosen pro's form: the new lead time in days and a short reason. */
function AskForm({ project, onDone }: { project: ProjectDetail; onDone: () => void }) {
  const ask = useRequestLeadTime();
  const [days, setDays] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ days?: string; reason?: string }>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(days.trim());
    const next: typeof errors = {};
    if (!/^\d+$/.test(days.trim()) || n < OFFER_LIMITS.minLeadTimeDays || n > OFFER_LIMITS.maxLeadTimeDays)
      next.days = 'Enter whole days from 1 to 365.';
    else if (n === project.leadTimeDays) next.days = `The lead time is already ${formatDays(n)}.`;
    if (reason.trim().length < 3) next.reason = 'Say why the lead time changes.';
    setErrors(next);
    if (next.days || next.reason) return;
    ask.mutate(
      { projectId: project.id, leadTimeDays: n, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Sent', description: 'The customer will agree or decline the new lead time.' });
          onDone();
        },
        onError: fail,
      },
    );
  };
  return (
    <form className="lead-time-form" onSubmit={submit} noValidate>
      <Field label="New lead time (days)" error={errors.days} required>
        <Input
          inputMode="numeric"
          value={days}
          onChange={(e) => setDays(e.target.value)}
          placeholder={project.leadTimeDays !== null ? String(project.leadTimeDays) : undefined}
        />
      </Field>
      <Field label="Reason" hint="The customer reads this with your request." error={errors.reason} required>
        <Textarea value={reason} maxLength={500} rows={3} onChange={(e) => setReason(e.target.value)} />
      </Field>
      <div className="project-callout__actions">
        <Button type="submit" loading={ask.isPending}>
          Ask for the new lead time
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** An open request as everyone entitled to it reads it; the customer agrees or declines. */
function OpenRequest({
  project,
  change,
  canAnswer,
}: {
  project: ProjectDetail;
  change: Change;
  canAnswer: boolean;
}) {
  const answer = useAnswerLeadTime();
  const pro = project.pro?.shortName ?? (project.service ? 'The service provider' : 'The designer');
  const reply = (decision: 'accept' | 'decline') =>
    answer.mutate(
      { projectId: project.id, decision },
      {
        onSuccess: () =>
          toast({
            title: decision === 'accept' ? 'Lead time agreed' : 'Lead time declined',
            description:
              decision === 'accept'
                ? `The project is now due in ${formatDays(change.leadTimeDays)} from its payment.`
                : `The lead time stays ${formatDays(change.previousDays)}.`,
          }),
        onError: fail,
      },
    );
  return (
    <div className="lead-time-request" data-testid="lead-time-request">
      <p>
        {project.viewerRole === 'pro' ? 'You asked' : `${pro} asks`} to change the lead time from{' '}
        <strong>{formatDays(change.previousDays)}</strong> to{' '}
        <strong>{formatDays(change.leadTimeDays)}</strong>.
      </p>
      <blockquote>{change.reason}</blockquote>
      {canAnswer ? (
        <div className="project-callout__actions">
          <Button
            loading={answer.isPending && answer.variables?.decision === 'accept'}
            disabled={answer.isPending}
            onClick={() => reply('accept')}
          >
            Agree to {formatDays(change.leadTimeDays)}
          </Button>
          <Button
            variant="secondary"
            loading={answer.isPending && answer.variables?.decision === 'decline'}
            disabled={answer.isPending}
            onClick={() => reply('decline')}
          >
            Decline
          </Button>
        </div>
      ) : (
        <p role="status">Waiting for the customer’s answer.</p>
      )}
    </div>
  );
}

/**
 * The lead time while the work is in progress: the chosen pro may ask to change it (days and a reason),
 * the customer agrees (a new due date) or declines. The server decides who may do what.
 */
export function LeadTimeBlock({ project }: { project: ProjectDetail }) {
  const [asking, setAsking] = useState(false);
  const canAsk = project.allowedActions.includes('request-lead-time');
  const canAnswer = project.allowedActions.includes('answer-lead-time');
  const change = project.leadTimeChange;
  const open = change?.status === 'requested' ? change : null;
  if (!canAsk && !open) return null;
  return (
    <section className="project-callout" aria-labelledby="wf-lead-time">
      <h2 id="wf-lead-time">{open ? 'New lead time asked' : 'Lead time'}</h2>
      {open ? (
        <OpenRequest project={project} change={open} canAnswer={canAnswer} />
      ) : (
        <>
          <p>
            The agreed lead time is {formatDays(project.leadTimeDays ?? 0)}
            {change && change.status !== 'requested'
              ? ` (your last request for ${formatDays(change.leadTimeDays)} was ${change.status === 'accepted' ? 'agreed' : 'declined'})`
              : ''}
            . If the work needs more (or less) time, ask the customer for a new lead time.
          </p>
          {asking ? (
            <AskForm project={project} onDone={() => setAsking(false)} />
          ) : (
            <div className="project-callout__actions">
              <Button variant="secondary" onClick={() => setAsking(true)}>
                Change lead time
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
