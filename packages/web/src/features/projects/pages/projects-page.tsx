import { useEffect, useState } from 'react';
import { Search, Plus } from 'lucide-react';
import { useAuth } from '../../../app/auth';
import { Button, EmptyState } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useProjects } from '../api/list-projects';
import { NewProjectDialog } from '../components/new-project-dialog';
import {
  ListLoading,
  NoProjectsYet,
  Pagination,
  ProjectRow,
  ProjectsToolbar,
} from '../components/project-list-parts';
import { useProjectListParams } from '../hooks/use-project-list-params';
import { useProjectNews } from '../api/project-news';
import '../components/projects.css';

export const PAGE_SIZE = 12;

export function ProjectsPage() {
  const { user } = useAuth();
  const customer = user?.role === 'customer';
  const staff = user?.role === 'staff';
  const { params, setParams, filter, page, search, setSearch, q, modelId, go } = useProjectListParams();
  const [creating, setCreating] = useState(Boolean(modelId) || params.get('new') === '1');
  const projects = useProjects({ filter, q, page, pageSize: PAGE_SIZE });
  useProjectNews();

  const total = projects.data?.total ?? 0;
  // the server counts a bounded way past this page; when it stopped counting, one more page is offered
  const countedAll = projects.data?.totalExact ?? true;
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
        <NoProjectsYet customer={customer} staff={staff} onCreate={() => setCreating(true)} />
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
          <h1 className="page__title">
            {customer ? 'Your projects' : staff ? 'All projects' : 'Your invitations and projects'}
          </h1>
          <p className="page__lead">
            {customer
              ? 'Each project holds one piece or collection from brief to delivery.'
              : staff
                ? 'Every customer project: its status, payment, team and conversations, for the production team.'
                : 'Projects you are invited to: read the brief and answer with your price and lead time.'}
          </p>
        </div>
        {customer ? (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" /> New project
          </Button>
        ) : null}
      </div>

      <ProjectsToolbar
        filter={filter}
        onFilter={(value) => go({ filter: value === 'all' ? null : value, page: null })}
        search={search}
        onSearch={setSearch}
      />

      {projects.isPending || pastTheEnd ? (
        <ListLoading />
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
            <Pagination
              page={page}
              pages={pages}
              more={!countedAll}
              onPage={(n) => go({ page: String(n) })}
            />
          ) : null}
        </>
      )}

      {dialog}
    </div>
  );
}
