import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FolderKanban } from 'lucide-react';
import { formatDate, formatMoney } from '@facet/domain/format';
import { Button, Card, EmptyState, ShowMore, Skeleton, toast } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import {
  useMoreOfColumn,
  useProjectAction,
  useProjectsBoard,
  type BoardProject,
  type ProjectAction,
  type ProjectsBoard,
} from '../api/projects-board';
import { ReasonDialog } from '../components/reason-dialog';

function Lateness({ project }: { project: BoardProject }) {
  if (!project.lateness) return null;
  return <span className={`ops-badge ops-badge--${project.late ? 'late' : 'ok'}`}>{project.lateness}</span>;
}

/**
 * A project holding money is cancelled with a refund, one holding none is simply cancelled; a cancelled one
 * still holding money (a refund that failed, a payment confirmed as it was cancelled) is refunded.
 */
const cancelLabel = (project: BoardProject) =>
  project.canCancel
    ? project.canRefund
      ? 'Cancel with refund'
      : 'Cancel project'
    : `Refund ${formatMoney(project.heldCents)} still held`;

function ProjectCard({
  project,
  onAction,
  onRefund,
  busy,
}: {
  project: BoardProject;
  onAction: (action: ProjectAction, done: string) => void;
  onRefund: (project: BoardProject) => void;
  busy: boolean;
}) {
  return (
    <Card
      as="li"
      tone="raised"
      className={`ops-card${project.late ? ' ops-card--late' : ''}`}
      data-testid="ops-project"
    >
      <h3 className="ops-card__title">
        <Link to={`/projects/${project.id}`}>{project.title}</Link>
      </h3>
      <p className="ops-muted">
        {project.statusName}
        {project.service ? ' · service' : ''}
      </p>
      <p className="ops-muted">
        {project.customerName ?? 'Unknown customer'}
        {project.proName ? ` · with ${project.proName}` : ''}
      </p>
      {project.totalPriceCents !== null ? (
        <p className="ops-muted">{formatMoney(project.totalPriceCents)}</p>
      ) : null}
      {project.dueAt ? (
        <p className="ops-muted">
          Due {formatDate(project.dueAt)} <Lateness project={project} />
        </p>
      ) : null}
      <div className="ops-actions">
        <Button asChild size="sm" variant="secondary">
          <Link to={`/projects/${project.id}`} aria-label={`Open ${project.title} and its rooms`}>
            Open
          </Link>
        </Button>
        {project.canMarkPaid ? (
          <Button
            size="sm"
            loading={busy}
            onClick={() => onAction({ kind: 'mark-paid', projectId: project.id }, 'Marked paid')}
            aria-label={`Mark paid: ${project.title}`}
          >
            Mark paid
          </Button>
        ) : null}
        {project.approvedChangeId ? (
          <Button
            size="sm"
            loading={busy}
            onClick={() =>
              onAction(
                { kind: 'changes-paid', changeRequestId: project.approvedChangeId! },
                'Changes marked paid',
              )
            }
          >
            Mark changes paid
          </Button>
        ) : null}
        {project.canCancel || project.canRefund ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onRefund(project)}
            aria-label={`${cancelLabel(project)}: ${project.title}`}
          >
            {cancelLabel(project)}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

type Column = ProjectsBoard['columns'][number];

const counts = new Intl.NumberFormat('en-US');
const formatCount = (n: number) => counts.format(n);

/**
 * One status column: the board's first page of it, then "Show more" a page at a time; a project moved
 * between pages while reading on is shown once.
 */
function BoardColumn({
  column,
  renderCard,
}: {
  column: Column;
  renderCard: (project: BoardProject) => ReactNode;
}) {
  const more = useMoreOfColumn(column);
  const seen = new Set<string>();
  const projects = [...column.projects, ...more.projects].filter((p) => !seen.has(p.id) && seen.add(p.id));
  const total = `${formatCount(more.total)}${more.totalExact ? '' : '+'}`;
  const whole = more.totalExact && projects.length >= more.total;
  return (
    <section className="ops-column" aria-labelledby={`col-${column.key}`}>
      <h2 className="ops-column__title" id={`col-${column.key}`}>
        <span>{column.name}</span>
        <span>
          {total}
          <span className="visually-hidden"> projects</span>
        </span>
      </h2>
      {projects.length === 0 ? (
        <p className="ops-muted">None</p>
      ) : (
        <ul className="ops-list">{projects.map(renderCard)}</ul>
      )}
      {whole ? null : (
        <p className="ops-muted" aria-live="polite">
          Showing {formatCount(projects.length)} of {total}
        </p>
      )}
      {more.error ? (
        <p className="ops-alert" role="alert">
          {errorMessage(more.error)}
        </p>
      ) : null}
      {whole ? null : (
        <ShowMore pages={more.pages}>
          Show more <span className="visually-hidden">of {column.name}</span>
        </ShowMore>
      )}
    </section>
  );
}

/** /ops/projects: every project on a board by status, late ones first, with the moves staff may make. */
export function OpsProjectsPage() {
  const board = useProjectsBoard();
  const action = useProjectAction();
  const [chosen, setRefunding] = useState<BoardProject | null>(null);
  // read from the board as it is now where it shows the project (it is live): the amount held may change
  // while the dialog is open
  const refunding = chosen
    ? (board.data?.columns.flatMap((c) => c.projects).find((p) => p.id === chosen.id) ?? chosen)
    : null;

  function run(a: ProjectAction, done: string) {
    action.mutate(a, {
      onSuccess: () => toast({ title: done }),
      onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
    });
  }

  return (
    <>
      <div className="ops-page__head">
        <div>
          <h1>Projects</h1>
          <p>
            Every project by status, late ones first. Open one to join its rooms.
            {board.data?.lateCount ? ` ${board.data.lateCount} late.` : ''}
          </p>
        </div>
      </div>
      {board.isPending ? (
        <div className="ops-board" aria-busy="true" aria-label="Loading projects">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height="16rem" />
          ))}
        </div>
      ) : board.isError ? (
        <p className="ops-alert" role="alert">
          {errorMessage(board.error)}
        </p>
      ) : board.data.columns.every((c) => c.total === 0) ? (
        <EmptyState
          icon={<FolderKanban />}
          title="No projects yet"
          description="Projects appear here as soon as customers create them."
        />
      ) : (
        // the board scrolls sideways: focusable so the keyboard can scroll it too
        <div className="ops-board" role="region" aria-label="Projects board" tabIndex={0}>
          {board.data.columns.map((column) => (
            <BoardColumn
              key={column.key}
              column={column}
              renderCard={(p) => (
                <ProjectCard
                  key={p.id}
                  project={p}
                  onAction={run}
                  onRefund={setRefunding}
                  busy={action.isPending && action.variables?.kind !== 'refund'}
                />
              )}
            />
          ))}
        </div>
      )}
      {refunding ? (
        <ReasonDialog
          open
          onOpenChange={(open) => (open ? null : setRefunding(null))}
          title={`${cancelLabel(refunding)}: ${refunding.title}`}
          description={
            !refunding.canCancel
              ? `The project is cancelled already; the ${formatMoney(refunding.heldCents)} still held for it goes back to the customer.`
              : refunding.canRefund
                ? `The project moves to Cancelled, its chat closes, and the ${formatMoney(refunding.heldCents)} held for it goes back to the customer. This cannot be undone.`
                : refunding.position >= 3
                  ? 'The project moves to Cancelled and its chat closes. Its payment was marked made outside Facet, so nothing is refunded here. This cannot be undone.'
                  : 'The project moves to Cancelled and its chat closes; nothing was paid for it yet. This cannot be undone.'
          }
          confirmLabel={
            !refunding.canCancel ? 'Refund' : refunding.canRefund ? 'Cancel and refund' : 'Cancel project'
          }
          danger
          reasonRequired
          onConfirm={async (reason) => {
            const done = await action.mutateAsync({ kind: 'refund', projectId: refunding.id, reason });
            toast({
              title: 'Project cancelled',
              description: done?.refundedCents
                ? `${formatMoney(done.refundedCents)} refunded to the customer in all.`
                : 'Nothing was held in escrow for it, so nothing was refunded.',
            });
          }}
        />
      ) : null}
    </>
  );
}
