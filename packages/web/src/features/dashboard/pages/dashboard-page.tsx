import { Link } from 'react-router';
import type { LucideIcon } from 'lucide-react';
import {
  ArrowRight,
  Factory,
  FileUp,
  FolderKanban,
  Package,
  PenTool,
  UserRoundPen,
  Users,
  Wallet,
} from 'lucide-react';
import { useAuth } from '../../../app/auth';
import { Card, CardContent, CardDescription, CardTitle } from '../../../components/ui';
import type { Me } from '../../../lib/types';
import { useHourOf } from '../../../lib/time-zone';
import { RecentProjects, ProInvitations } from '../components/recent-projects';
import { useProjectCounts } from '../api/get-project-counts';
import { DashboardFigures } from '../components/dashboard-figures';
import { useOrderStats } from '../api/get-dashboard';
import './dashboard.css';

type QuickAction = { to: string; icon: LucideIcon; title: string; text: string };

const CUSTOMER_ACTIONS: QuickAction[] = [
  {
    to: '/produce/steps',
    icon: FileUp,
    title: 'Upload a 3D model',
    text: 'Get an instant, itemised price in your chosen metal and finish.',
  },
  {
    to: '/design',
    icon: PenTool,
    title: 'Design from an idea',
    text: 'Describe the piece you imagine and refine it.',
  },
  {
    to: '/browse-designers',
    icon: Users,
    title: 'Browse designers',
    text: 'Invite reviewed CAD designers and compare their offers.',
  },
  {
    to: '/orders',
    icon: Package,
    title: 'Follow your orders',
    text: 'See each piece move through the workshop.',
  },
];

const PRO_ACTIONS: QuickAction[] = [
  {
    to: '/projects',
    icon: FolderKanban,
    title: 'Your projects',
    text: 'Invitations from customers, your offers and the work in progress.',
  },
  {
    to: '/designer-dashboard/profile',
    icon: UserRoundPen,
    title: 'Your profile',
    text: 'Keep your bio, skills and portfolio sharp: customers choose from them.',
  },
];

const EARNINGS_ACTION: QuickAction = {
  to: '/earnings',
  icon: Wallet,
  title: 'Your earnings',
  text: 'What customers have paid, what is held in escrow and what has been paid out to you.',
};

const STAFF_ACTIONS: QuickAction[] = [
  {
    to: '/ops',
    icon: Factory,
    title: 'Operations console',
    text: 'Pros to review, the projects and orders boards, money, the catalog and metal prices.',
  },
  {
    to: '/projects',
    icon: FolderKanban,
    title: 'All projects',
    text: 'Every customer project: payments to confirm, status moves and the conversations you join.',
  },
];

export function quickActionsFor(user: Me): QuickAction[] {
  if (user.role === 'customer') return CUSTOMER_ACTIONS;
  return user.role === 'staff' ? STAFF_ACTIONS : [...PRO_ACTIONS, EARNINGS_ACTION];
}

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

function CountStat({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value ?? '–'}</dd>
    </div>
  );
}

export function DashboardPage() {
  const { user } = useAuth();
  const { counts } = useProjectCounts();
  const orderStats = useOrderStats(user?.role === 'customer');
  const hour = useHourOf(new Date());
  if (!user) return null;
  const customer = user.role === 'customer';
  const staff = user.role === 'staff';
  // customers and the production team count projects; designers and service providers their invitations
  const byProject = customer || staff;
  return (
    <div className="page">
      <title>Dashboard · Facet</title>
      <div className="page__header">
        <div>
          <p className="eyebrow">Dashboard</p>
          <h1 className="page__title">
            {greeting(hour)}
            {user.firstName ? `, ${user.firstName}` : ''}
          </h1>
          <p className="page__lead">
            {customer
              ? 'What would you like to make today? Start from a model, an idea or a designer.'
              : staff
                ? 'The production team’s view: every customer project, from invitations to delivery.'
                : 'Here is where your work with Facet customers begins.'}
          </p>
        </div>
      </div>
      <DashboardFigures user={user} />
      <dl className="dashboard-stats" aria-label="Projects">
        <CountStat label={byProject ? 'Projects' : 'Invitations'} value={counts.all} />
        <CountStat label="In progress" value={counts['in-progress']} />
        <CountStat label={byProject ? 'Waiting for offers' : 'Open invitations'} value={counts.invited} />
        <CountStat label="Completed" value={counts.completed} />
      </dl>
      {byProject ? <RecentProjects /> : <ProInvitations />}
      {customer ? (
        <dl className="dashboard-stats" aria-label="Account">
          <div>
            <dt>Plan</dt>
            <dd>{user.membership.name}</dd>
          </div>
          <div>
            <dt>Credits</dt>
            <dd>{Math.max(0, Math.round(user.credits.balance))}</dd>
          </div>
          <div>
            <dt>In your cart</dt>
            <dd>{user.cartCount}</dd>
          </div>
          <CountStat label="Pieces ordered" value={orderStats.data?.productsTotal} />
          <CountStat label="Item types ordered" value={orderStats.data?.itemTypeVariety} />
        </dl>
      ) : null}
      <section aria-labelledby="quick-actions">
        <h2 id="quick-actions" className="dashboard-section-title">
          Quick actions
        </h2>
        <ul className="quick-actions">
          {quickActionsFor(user).map(({ to, icon: Icon, title, text }) => (
            <li key={to}>
              <Card interactive className="quick-action">
                <CardContent>
                  <Icon className="quick-action__icon" aria-hidden="true" />
                  <CardTitle as="h3">
                    <Link to={to} className="quick-action__link">
                      {title}
                    </Link>
                  </CardTitle>
                  <CardDescription>{text}</CardDescription>
                  <ArrowRight className="quick-action__arrow" aria-hidden="true" />
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
