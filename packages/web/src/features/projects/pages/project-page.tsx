import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ArrowLeft, Download, FolderOpen, Trash2 } from 'lucide-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../app/auth';
import { Button, EmptyState, Skeleton, toast } from '../../../components/ui';
import { errorMessage, isApiError, api, unwrap } from '../../../lib/api-client';
import { ProjectMessages } from '../components/project-chat';
import { useProject } from '../api/get-project';
import { useProjectNews } from '../api/project-news';
import { projectKeys } from '../api/types';
import type { Offer, ProjectDetail } from '../api/types';
import { ConfirmDialog } from '../components/confirm-dialog';
import { EstimatedCostsCard } from '../components/estimated-costs-card';
import { InviteTabs, OffersPanel } from '../components/invite-tabs';
import { ProInvitationPanel } from '../components/pro-invitation-panel';
import { ProjectDetailsPanel, showsDetailsPanel } from '../components/project-details-panel';
import { ProjectTeamCard } from '../components/project-team-card';
import { StatusBadge } from '../components/status-badge';
import { Deadline } from '../components/deadline';
import { WorkflowPanel } from '../components/workflow-panel';
import { CancelledBlock } from '../components/workflow-blocks';
import { formatDays, formatMoney } from '@facet/domain/format';
import '../components/projects.css';

function useDeleteProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/projects/{id}', { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

/**
 * A refused pro's page (issue 16): their invitation with its state and their own offer, and their own
 * conversation, read-only. Nothing about the winner, later moves, deliveries or the rating (the server
 * leaves those out as well).
 */
function ClosedProject({ project, invitation }: { project: ProjectDetail; invitation: Offer }) {
  return (
    <div className="page">
      <title>{`${project.title} · Facet`}</title>
      <div className="project-head">
        <div>
          <Link to="/projects" className="project-head__back">
            <ArrowLeft aria-hidden="true" width={16} height={16} /> Projects
          </Link>
          <h1 className="project-head__title">{project.title}</h1>
          <p className="project-row__meta">{project.service ? 'Service project' : 'Design project'}</p>
        </div>
        <div className="project-callout__actions">
          <span className="status-badge status-badge--muted" data-testid="project-status">
            Closed
          </span>
        </div>
      </div>
      <div className="project-page project-page--closed">
        <div className="project-page__main">
          <ProInvitationPanel offer={invitation} open={false} />
          <ProjectMessages project={project} />
        </div>
      </div>
    </div>
  );
}

function Workspace({ project }: { project: ProjectDetail }) {
  const navigate = useNavigate();
  const remove = useDeleteProject();
  const [deleting, setDeleting] = useState(false);
  const customer = project.viewerRole === 'customer';
  const invitePhase = project.activeStatus.position <= 1 && !project.completed;
  const modelItem = project.items.find((item) => item.modelId);
  const mine = project.myInvitation ?? (project.viewerRole === 'pro' ? (project.offers[0] ?? null) : null);
  if (project.viewerRole === 'pro' && mine?.status === 'refused')
    return <ClosedProject project={project} invitation={mine} />;

  return (
    <div className="page">
      <title>{`${project.title} · Facet`}</title>
      <div className="project-head">
        <div>
          <Link to="/projects" className="project-head__back">
            <ArrowLeft aria-hidden="true" width={16} height={16} /> Projects
          </Link>
          <h1 className="project-head__title">{project.title}</h1>
          <p className="project-row__meta">
            {project.service ? 'Service project' : 'Design project'}
            {project.totalPriceCents !== null
              ? ` · ${formatMoney(project.totalPriceCents, { fraction: 'when-needed' })}`
              : ''}
            {project.leadTimeDays !== null ? ` · ${formatDays(project.leadTimeDays)}` : ''}
          </p>
          <Deadline project={project} />
        </div>
        <div className="project-callout__actions">
          <StatusBadge project={project} />
          <Button asChild variant="ghost" size="sm">
            <a href={`/api/projects/${encodeURIComponent(project.id)}/models.zip`} download>
              <Download aria-hidden="true" /> 3D models (zip)
            </a>
          </Button>
          {customer && project.allowedActions.includes('delete') ? (
            <Button variant="ghost" size="sm" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden="true" /> Delete
            </Button>
          ) : null}
        </div>
      </div>
      <div className="project-page">
        <div className="project-page__main">
          {project.phase === 'cancelled' ? <CancelledBlock project={project} /> : null}
          {project.viewerRole === 'pro' && mine ? (
            <ProInvitationPanel
              // a quote that arrives live (sent elsewhere) fills the form afresh
              key={`${mine.id}:${mine.quotedAt ?? ''}`}
              offer={mine}
              open={project.allowedActions.includes('quote')}
            />
          ) : null}
          {project.viewerRole !== 'pro' || mine?.status === 'accepted' ? (
            <WorkflowPanel project={project} />
          ) : null}
          {customer && invitePhase ? <InviteTabs project={project} /> : null}
          {!invitePhase && project.viewerRole !== 'pro' && project.offers.length ? (
            <section aria-labelledby="offers-title">
              <h2 id="offers-title" className="team-card__title">
                Offers
              </h2>
              <OffersPanel project={project} />
            </section>
          ) : null}
          {customer && invitePhase ? null : <ProjectMessages project={project} />}
          {project.viewerRole === 'staff' && invitePhase ? (
            <section aria-labelledby="offers-title">
              <h2 id="offers-title" className="team-card__title">
                Offers
              </h2>
              <OffersPanel project={project} />
            </section>
          ) : null}
        </div>
        <aside className="project-page__side" aria-label="Project">
          <ProjectTeamCard project={project} />
          {customer && modelItem?.modelId ? (
            <EstimatedCostsCard modelId={modelItem.modelId} itemType={modelItem.itemType} />
          ) : null}
          {showsDetailsPanel(project) ? (
            <ProjectDetailsPanel
              project={project}
              canEdit={customer && project.allowedActions.includes('edit')}
            />
          ) : null}
        </aside>
      </div>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete this project?"
        description="The project, its items and attachments are removed. This cannot be undone."
        confirmLabel="Delete project"
        danger
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(project.id, {
            onSuccess: () => void navigate('/projects'),
            onError: (error) => {
              setDeleting(false);
              toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
            },
          })
        }
      />
    </div>
  );
}

export function ProjectPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const project = useProject(id);
  // offers and status moves arrive over the socket: the page follows without a reload
  useProjectNews();
  if (project.isPending) {
    return (
      <div className="page" aria-busy="true">
        <title>Project · Facet</title>
        <p className="visually-hidden" role="status">
          Loading project…
        </p>
        <Skeleton width="40%" height="2.5rem" />
        <div className="project-page" style={{ marginTop: '2rem' }}>
          <Skeleton height="20rem" radius="lg" />
          <Skeleton height="20rem" radius="lg" />
        </div>
      </div>
    );
  }
  if (project.isError) {
    const missing = isApiError(project.error) && project.error.status === 404;
    // spec section 6: designers and service providers work only on their own projects, otherwise /projects
    if (missing && (user?.role === 'designer' || user?.role === 'service'))
      return <Navigate to="/projects" replace />;
    return (
      <div className="page">
        <title>Project · Facet</title>
        <EmptyState
          headingLevel="h1"
          icon={<FolderOpen />}
          title={missing ? 'Project was not found' : 'The project could not be loaded'}
          description={
            missing ? 'It may have been deleted, or it is not shared with you.' : errorMessage(project.error)
          }
          action={
            <Button asChild>
              <Link to="/projects">Back to projects</Link>
            </Button>
          }
        />
      </div>
    );
  }
  return <Workspace project={project.data} />;
}
