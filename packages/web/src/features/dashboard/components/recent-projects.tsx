import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { Skeleton } from '../../../components/ui';
import { useInvitations } from '../../projects/api/list-invitations';
import { useProjects } from '../../projects/api/list-projects';
import { StatusBadge } from '../../projects/components/status-badge';
import { Deadline } from '../../projects/components/deadline';
import { useProjectNews } from '../../projects/api/project-news';
import { formatDays, formatMoney } from '@facet/domain/format';
import '../../projects/components/projects.css';

const INVITATION_TEXT = {
  pending: 'Waiting for your offer',
  quoted: 'Offer sent',
  accepted: 'ACCEPTED',
  refused: 'REFUSED',
} as const;

function Loading() {
  return (
    <div aria-busy="true" className="project-list">
      <Skeleton height="3.5rem" radius="md" />
      <Skeleton height="3.5rem" radius="md" />
    </div>
  );
}

/** The five newest projects (the customer's own; for the production team, late ones first). */
export function RecentProjects() {
  const projects = useProjects({ filter: 'all', q: '', page: 1, pageSize: 5 });
  // status moves, offers and lead times arrive over the socket: the widget follows without a reload
  useProjectNews();
  return (
    <section aria-labelledby="recent-projects" className="dashboard-block">
      <div className="dashboard-block__head">
        <h2 id="recent-projects" className="dashboard-section-title">
          Recent projects
        </h2>
        <Link to="/projects" className="dashboard-block__more">
          All projects <ArrowRight aria-hidden="true" width={14} height={14} />
        </Link>
      </div>
      {projects.isPending ? (
        <Loading />
      ) : projects.isError || projects.data.projects.length === 0 ? (
        <p className="project-row__meta">
          No projects yet. <Link to="/projects?new=1">Start one from a brief</Link> or upload a model.
        </p>
      ) : (
        <ul className="project-list">
          {projects.data.projects.map((p) => (
            <li key={p.id} className="project-row card card--outline">
              <div className="project-row__main">
                <Link to={`/projects/${p.id}`} className="project-row__link">
                  {p.title}
                </Link>
                <span className="project-row__meta">
                  {p.pro
                    ? `With ${p.pro.shortName}`
                    : p.offerCount
                      ? `${p.quotedCount} of ${p.offerCount} quoted`
                      : 'No invitations yet'}
                </span>
              </div>
              <div className="project-row__side">
                <StatusBadge project={p} />
                <Deadline project={p} compact />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A designer's or service provider's invitations, newest first. */
export function ProInvitations() {
  const invitations = useInvitations(true);
  useProjectNews();
  return (
    <section aria-labelledby="pro-invitations" className="dashboard-block">
      <div className="dashboard-block__head">
        <h2 id="pro-invitations" className="dashboard-section-title">
          Your invitations
        </h2>
        <Link to="/projects" className="dashboard-block__more">
          All projects <ArrowRight aria-hidden="true" width={14} height={14} />
        </Link>
      </div>
      {invitations.isPending ? (
        <Loading />
      ) : invitations.isError || invitations.data.length === 0 ? (
        <p className="project-row__meta">
          No invitations yet. Customers invite you from your public profile card.
        </p>
      ) : (
        <ul className="project-list">
          {invitations.data.slice(0, 6).map((inv) => (
            <li key={inv.id} className="project-row card card--outline">
              <div className="project-row__main">
                <Link to={`/projects/${inv.project.id}`} className="project-row__link">
                  {inv.project.title}
                </Link>
                <span className="project-row__meta">
                  From {inv.project.creator.shortName}
                  {inv.priceCents !== null && inv.leadTimeDays !== null
                    ? ` · ${formatMoney(inv.priceCents, { fraction: 'when-needed' })} · ${formatDays(inv.leadTimeDays)}`
                    : ''}
                </span>
              </div>
              <div className="project-row__side">
                <span className="status-badge status-badge--gold">{INVITATION_TEXT[inv.status]}</span>
                <Deadline project={inv.project} compact />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
