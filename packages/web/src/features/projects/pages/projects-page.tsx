import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FolderKanban, Plus, Search } from 'lucide-react';
import { useAuth } from '../../../app/auth';
import { Button, Card, EmptyState, Input, Skeleton } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useProjects } from '../api/list-projects';
import { PROJECT_FILTERS } from '../api/types';
import type { ProjectFilter, ProjectSummary } from '../api/types';
import { NewProjectDialog } from '../components/new-project-dialog';
import { StatusBadge } from '../components/status-badge';
import { FILTER_LABELS } from '../lib/status';
import { formatDate } from '@facet/domain/format';
import { formatDays, formatMoney } from '@facet/domain/format';
import '../components/projects.css';

export const PAGE_SIZE = 12;

function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function ProjectRow({ project, customer }: { project: ProjectSummary; customer: boolean }) {
  const invitation = project.myInvitation;
  return (
    <Card as="li" tone="outline" interactive className="project-row">
      <div className="project-row__thumb" aria-hidden="true">
        {project.coverImageUrl ? <img src={project.coverImageUrl} alt="" /> : <FolderKanban />}
      </div>
      <div className="project-row__main">
        <h2 className="project-row__title">
          <Link to={`/projects/${project.id}`} className="project-row__link">
            {project.title}
          </Link>
        </h2>
        <p className="project-row__meta">
          {project.service ? 'Service project' : 'Design project'} · {project.itemCount}{' '}
          {project.itemCount === 1 ? 'item' : 'items'} · Created {formatDate(project.createdAt)}
          {!customer ? ` · by ${project.creator.shortName}` : ''}
        </p>
        {project.description ? <p className="project-row__desc">{project.description}</p> : null}
      </div>
      <div className="project-row__side">
        <StatusBadge project={project} />
        {customer && project.offerCount > 0 && !project.pro ? (
          <span className="project-row__note">
            {project.quotedCount} of {project.offerCount} quoted
          </span>
        ) : null}
        {project.pro && project.totalPriceCents !== null ? (
          <span className="project-row__note">
            {formatMoney(project.totalPriceCents, { fraction: 'when-needed' })}
            {project.leadTimeDays !== null ? ` · ${formatDays(project.leadTimeDays)}` : ''}
          </span>
        ) : null}
        {invitation ? (
          <span className="project-row__note">
            {invitation.status === 'pending'
              ? 'Waiting for your offer'
              : invitation.status === 'quoted'
                ? 'Offer sent'
                : invitation.status === 'accepted'
                  ? 'ACCEPTED'
                  : 'REFUSED'}
          </span>
        ) : null}
      </div>
    </Card>
  );
}

function RowSkeleton() {
  return (
    <li className="project-row project-row--skeleton card card--outline" aria-hidden="true">
      <Skeleton width="4rem" height="4rem" radius="md" />
      <div className="project-row__main">
        <Skeleton width="50%" height="1.1rem" />
        <Skeleton width="70%" height="0.8rem" />
      </div>
      <Skeleton width="6rem" height="1.5rem" radius="pill" />
    </li>
  );
}

export function ProjectsPage() {
  const { user } = useAuth();
  const customer = user?.role === 'customer';
  const [params, setParams] = useSearchParams();
  const filter = (PROJECT_FILTERS as readonly string[]).includes(params.get('filter') ?? '')
    ? (params.get('filter') as ProjectFilter)
    : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebounced(search.trim());
  const modelId = params.get('model');
  const [creating, setCreating] = useState(Boolean(modelId) || params.get('new') === '1');
  const projects = useProjects({ filter, q, page, pageSize: PAGE_SIZE });

  useEffect(() => {
    if ((params.get('q') ?? '') === q) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (q) next.set('q', q);
        else next.delete('q');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [q, params, setParams]);

  const go = (patch: Record<string, string | null>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [key, value] of Object.entries(patch)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  const total = projects.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const list = projects.data?.projects ?? [];
  const filtered = filter !== 'all' || q !== '';
  // no projects at all (not merely none on this page, under this filter or for this search)
  const nothingYet = projects.isSuccess && total === 0 && !filtered && search.trim() === '';
  const pastTheEnd = projects.isSuccess && total > 0 && page > pages;

  // a page past the end (the link was kept while projects were deleted or the filter changed): the last page
  useEffect(() => {
    if (!pastTheEnd) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (pages > 1) next.set('page', String(pages));
        else next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [pastTheEnd, pages, setParams]);
  const dialog = customer ? (
    <NewProjectDialog
      open={creating}
      onOpenChange={(open) => {
        setCreating(open);
        if (!open && (modelId || params.get('new'))) go({ model: null, new: null });
      }}
      modelId={modelId}
    />
  ) : null;

  if (nothingYet) {
    return (
      <div className="page">
        <title>Projects · Facet</title>
        {customer ? (
          <EmptyState
            headingLevel="h1"
            icon={<FolderKanban />}
            eyebrow="Projects"
            title="No projects yet"
            description="A project holds one piece from model to delivery: the designers you invite, their offers, payment, chat and files. Start from a brief or upload a model."
            action={
              <>
                <Button onClick={() => setCreating(true)}>
                  <Plus aria-hidden="true" /> New project
                </Button>
                <Button variant="secondary" asChild>
                  <Link to="/produce/steps">Upload a 3D model</Link>
                </Button>
              </>
            }
          />
        ) : (
          <EmptyState
            headingLevel="h1"
            icon={<FolderKanban />}
            eyebrow="Projects"
            title="No projects yet"
            description="When a customer invites you, the project appears here. You read the brief, chat with the customer and answer with your price and lead time."
            action={
              <Button asChild>
                <Link to="/designer-dashboard/profile">Polish your profile</Link>
              </Button>
            }
          />
        )}
        {dialog}
      </div>
    );
  }

  return (
    <div className="page">
      <title>Projects · Facet</title>
      <div className="page__header">
        <div>
          <p className="eyebrow">Projects</p>
          <h1 className="page__title">{customer ? 'Your projects' : 'Your invitations and projects'}</h1>
          <p className="page__lead">
            {customer
              ? 'Each project holds one piece or collection from brief to delivery.'
              : 'Projects you are invited to: read the brief and answer with your price and lead time.'}
          </p>
        </div>
        {customer ? (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" /> New project
          </Button>
        ) : null}
      </div>

      <div className="projects-toolbar">
        <div className="filter-chips" role="group" aria-label="Filter projects">
          {PROJECT_FILTERS.map((value) => (
            <button
              key={value}
              type="button"
              className={`chip${filter === value ? ' chip--on' : ''}`}
              aria-pressed={filter === value}
              onClick={() => go({ filter: value === 'all' ? null : value, page: null })}
            >
              {FILTER_LABELS[value]}
            </button>
          ))}
        </div>
        <Input
          type="search"
          aria-label="Search projects"
          placeholder="Search projects"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          startAdornment={<Search aria-hidden="true" />}
          className="projects-toolbar__search"
        />
      </div>

      {projects.isPending || pastTheEnd ? (
        <ul className="project-list" aria-busy="true">
          <li className="visually-hidden" role="status">
            Loading projects…
          </li>
          {Array.from({ length: 4 }, (_, i) => (
            <RowSkeleton key={i} />
          ))}
        </ul>
      ) : projects.isError ? (
        <EmptyState
          title="Projects could not be loaded"
          description={errorMessage(projects.error)}
          action={<Button onClick={() => void projects.refetch()}>Try again</Button>}
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<Search />}
          title="No projects match"
          description="Try another filter or search term."
          action={
            <Button
              variant="secondary"
              onClick={() => {
                setSearch('');
                go({ filter: null, q: null, page: null });
              }}
            >
              Show all projects
            </Button>
          }
        />
      ) : (
        <>
          <ul className="project-list" aria-label="Projects">
            {list.map((project) => (
              <ProjectRow key={project.id} project={project} customer={customer} />
            ))}
          </ul>
          {pages > 1 ? (
            <nav className="pagination" aria-label="Pagination">
              <Button
                variant="secondary"
                size="sm"
                disabled={page <= 1}
                onClick={() => go({ page: String(page - 1) })}
              >
                Previous
              </Button>
              <span aria-live="polite">
                Page {page} of {pages}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= pages}
                onClick={() => go({ page: String(page + 1) })}
              >
                Next
              </Button>
            </nav>
          ) : null}
        </>
      )}

      {dialog}
    </div>
  );
}
