import { Link } from 'react-router';
import { FolderKanban, Plus, Search } from 'lucide-react';
import { Button, Card, EmptyState, Input, Skeleton } from '../../../components/ui';
import { PROJECT_FILTERS } from '../api/types';
import type { ProjectFilter, ProjectSummary } from '../api/types';
import { StatusBadge } from './status-badge';
import { Deadline } from './deadline';
import { FILTER_LABELS } from '../lib/status';
import { formatDate } from '@facet/domain/format';
import { formatDays, formatMoney } from '@facet/domain/format';

export function ProjectRow({ project, customer }: { project: ProjectSummary; customer: boolean }) {
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
        <Deadline project={project} compact />
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

/** The list while it loads. */
export function ListLoading() {
  return (
    <ul className="project-list" aria-busy="true">
      <li className="visually-hidden" role="status">
        Loading projects…
      </li>
      {Array.from({ length: 4 }, (_, i) => (
        <RowSkeleton key={i} />
      ))}
    </ul>
  );
}

/** No projects at all: the customer starts one, a pro waits for invitations. */
export function NoProjectsYet({
  customer,
  staff = false,
  onCreate,
}: {
  customer: boolean;
  staff?: boolean;
  onCreate: () => void;
}) {
  if (staff) {
    return (
      <EmptyState
        headingLevel="h1"
        icon={<FolderKanban />}
        eyebrow="Projects"
        title="No projects yet"
        description="When a customer starts a project it appears here, with its status, payment, team and conversations."
      />
    );
  }
  return customer ? (
    <EmptyState
      headingLevel="h1"
      icon={<FolderKanban />}
      eyebrow="Projects"
      title="No projects yet"
      description="A project holds one piece from model to delivery: the designers you invite, their offers, payment, chat and files. Start from a brief or upload a model."
      action={
        <>
          <Button onClick={onCreate}>
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
  );
}

/** The filter chips and the search box. */
export function ProjectsToolbar({
  filter,
  onFilter,
  search,
  onSearch,
}: {
  filter: ProjectFilter;
  onFilter: (filter: ProjectFilter) => void;
  search: string;
  onSearch: (search: string) => void;
}) {
  return (
    <div className="projects-toolbar">
      <div className="filter-chips" role="group" aria-label="Filter projects">
        {PROJECT_FILTERS.map((value) => (
          <button
            key={value}
            type="button"
            className={`chip${filter === value ? ' chip--on' : ''}`}
            aria-pressed={filter === value}
            onClick={() => onFilter(value)}
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
        onChange={(e) => onSearch(e.target.value)}
        startAdornment={<Search aria-hidden="true" />}
        className="projects-toolbar__search"
      />
    </div>
  );
}

/** Previous, Page n of m, Next. */
export function Pagination({
  page,
  pages,
  onPage,
  more = false,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** The count stopped before the end: there are more pages than `pages` says. */
  more?: boolean;
}) {
  return (
    <nav className="pagination" aria-label="Pagination">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span aria-live="polite">
        Page {page.toLocaleString('en-US')} of {more ? 'more than ' : ''}
        {pages.toLocaleString('en-US')}
      </span>
      <Button
        variant="secondary"
        size="sm"
        disabled={page >= pages && !more}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
