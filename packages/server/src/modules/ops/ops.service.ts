import { isOverdue, projectDeadline } from '@facet/domain/format';
import {
  CANCELLED_POSITION,
  CANCELLED_STATUS_NAME,
  COMPLETED_STATUS_NAME,
  isCancelled,
} from '@facet/domain/workflow';
import type { Db } from '../../db/client';
import {
  peopleByIds,
  portfoliosOf,
  searchPeople,
  statusEventsOf,
  type PeopleSearch,
} from '../accounts/accounts.reads';
import { heldInEscrow } from '../payments/payments.reads';
import {
  boardColumnTotals,
  boardRowsOf,
  lateProjectCount,
  projectsForBoard,
  type BoardRow,
  type BoardSlice,
} from '../projects/projects.reads';
import { auditRowsOf, OPERATOR_METHOD, readAuditLog } from '../../platform/audit/audit';

/**
 * The operations console's reads (decision 038): people to review, the projects board and the audit
 * log. Writes go through the owning modules' routes and services; the audit hook records them.
 */

const fullName = (p: { firstName: string; lastName: string } | undefined) =>
  p ? `${p.firstName} ${p.lastName}`.trim() : null;

/** The board's columns, in workflow order (design names; a service project's card shows its own). */
export const BOARD_COLUMNS = [
  { key: 'not-started', position: -1, name: 'Not Started' },
  { key: 'invite', position: 1, name: 'Invite' },
  { key: 'payment', position: 2, name: 'Make Payment' },
  { key: 'in-progress', position: 3, name: 'In Progress' },
  { key: 'review', position: 4, name: 'Review & Delivery' },
  { key: 'completed', position: null, name: COMPLETED_STATUS_NAME },
  { key: 'cancelled', position: CANCELLED_POSITION, name: CANCELLED_STATUS_NAME },
] as const;
export type BoardColumnKey = (typeof BOARD_COLUMNS)[number]['key'];
/** How many projects a board column shows at a time ("Show more" reads the next as many). */
export const BOARD_PAGE = 20;

type BoardColumn = (typeof BOARD_COLUMNS)[number];
const sliceOf = (column: BoardColumn): BoardSlice =>
  column.position === null ? { completed: true } : { completed: false, position: column.position };

/** What a staff action on a route means, for people reading the log. */
const ACTION_LABELS: Record<string, string> = {
  'PATCH /api/staff/accounts/:id': 'Account decision',
  'POST /api/staff/orders/:id/stage': 'Order stage moved',
  'POST /api/staff/orders/:id/shipment': 'Shipment added',
  'POST /api/staff/projects/:id/mark-paid': 'Project marked paid',
  'POST /api/staff/change-requests/:id/mark-paid': 'Changes marked paid',
  'POST /api/staff/projects/:id/refund': 'Project cancelled (anything held in escrow refunded)',
  'POST /api/staff/payouts/:id/retry': 'Payout retried',
  'POST /api/staff/webhook-events/:id/retry': 'Webhook event retried',
  'POST /api/staff/payments/reconcile': 'Payments reconciled',
  'POST /api/staff/payments/payouts': 'Payouts run',
  [`${OPERATOR_METHOD} facet account set-status`]: "Account decision (operator's command)",
};
/** Who the log names for a change made by the operator's command (it has no staff account). */
const OPERATOR_NAME = 'Operator (command line)';

export function opsService(deps: { db: Db }) {
  const { db } = deps;

  /** A page of each of these board columns from `offset`, with how many each holds. */
  async function columnPages(columns: readonly BoardColumn[], offset: number, now: Date) {
    // the columns one after another: a board (asked for by every staff tab on any project's news) holds one
    // connection of the pool for them, not one per column
    const readPages = async () => {
      const pages: Awaited<ReturnType<typeof projectsForBoard>>[] = [];
      for (const column of columns)
        pages.push(await projectsForBoard(db, sliceOf(column), { now, limit: BOARD_PAGE, offset }));
      return pages;
    };
    const [totals, pages] = await Promise.all([
      boardColumnTotals(db, columns.map(sliceOf), offset),
      readPages(),
    ]);
    const cards = await cardsOf(await boardRowsOf(db, pages.flat()), now);
    let at = 0;
    return columns.map((column, i) => ({
      key: column.key,
      name: column.name,
      ...totals[i]!,
      projects: cards.slice(at, (at += pages[i]!.length)),
    }));
  }

  /** The board's cards of these projects: names, due date and lateness, and what staff may do with each. */
  async function cardsOf(rows: BoardRow[], now: Date) {
    const [people, held] = await Promise.all([
      peopleByIds(
        db,
        rows.flatMap((r) => [r.project.customerId, r.project.proId]),
      ),
      heldInEscrow(
        db,
        rows.map((r) => r.project.id),
      ),
    ]);
    const byId = new Map(people.map((p) => [p.id, p]));
    return rows.map(({ project: p, status, approvedChangeId }) => {
      const cancelled = isCancelled(status);
      const { dueAt, lateness } = projectDeadline({ ...p, cancelled }, now);
      /** Not delivered, completed or cancelled yet: staff may cancel it (refunding what it paid). */
      const canCancel = !p.completed && !p.deliveredAt && !cancelled;
      return {
        id: p.id,
        title: p.title,
        service: p.service,
        statusName: p.completed ? COMPLETED_STATUS_NAME : status.name,
        position: status.position,
        completed: p.completed,
        customerName: fullName(byId.get(p.customerId)),
        proName: fullName(p.proId ? byId.get(p.proId) : undefined),
        totalPriceCents: p.totalPriceCents,
        createdAt: p.createdAt.toISOString(),
        dueAt: dueAt?.toISOString() ?? null,
        lateness,
        late: isOverdue({ ...p, cancelled }, now),
        /** Staff may mark it paid (waiting at Make Payment). */
        canMarkPaid: !p.completed && status.position === 2,
        /** Approved changes wait for their payment: staff may mark them paid. */
        approvedChangeId: p.completed ? null : approvedChangeId,
        canCancel,
        /**
         * Money held in escrow for it (not a payment marked made outside the platform): cancelling refunds
         * it; on a cancelled project, what a failed refund left held can be refunded again.
         */
        canRefund: !p.completed && !p.deliveredAt && (held.get(p.id) ?? 0) > 0,
        heldCents: held.get(p.id) ?? 0,
      };
    });
  }

  return {
    /** People by search and filters, each with profile, links, portfolio and the latest decision. */
    async people(search: PeopleSearch) {
      const { total, rows } = await searchPeople(db, search);
      const ids = rows.map((r) => r.user.id);
      const [portfolios, events] = await Promise.all([portfoliosOf(db, ids), statusEventsOf(db, ids)]);
      const people = rows.map(({ user, profile, address }) => {
        const last = events.find((e) => e.userId === user.id);
        return {
          id: user.id,
          role: user.role as 'customer' | 'designer' | 'service',
          status: user.status,
          isInactive: user.isInactive,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          phone: user.phone,
          createdAt: user.createdAt.toISOString(),
          location: address
            ? [address.city, address.state, address.country].filter(Boolean).join(', ')
            : null,
          bio: profile?.bio ?? null,
          tellWhy: profile?.tellWhy ?? null,
          otherExperience: profile?.otherExperience ?? null,
          skills: profile?.skills ?? [],
          cadSkills: profile?.cadSkills ?? [],
          softwareSkills: profile?.softwareSkills ?? [],
          softwareOwn: profile?.softwareOwn ?? [],
          serviceTypes: profile?.serviceTypes ?? [],
          links: [
            ['Portfolio', profile?.portfolioLink],
            ['Website', profile?.websiteUrl],
            ['Instagram', profile?.instagram],
            ['Twitter', profile?.twitter],
            ['Facebook', profile?.facebook],
            ['Shop', profile?.shopifyUrl],
          ]
            .filter((l): l is [string, string] => Boolean(l[1]))
            .map(([label, url]) => ({ label, url })),
          portfolio: portfolios
            .filter((p) => p.userId === user.id)
            .map((p) => ({ id: p.id, name: p.name, url: `/api/files/${p.fileKey}` })),
          lastDecision: last
            ? {
                from: last.fromStatus,
                to: last.toStatus,
                reason: last.reason,
                at: last.createdAt.toISOString(),
              }
            : null,
        };
      });
      return { people, total, page: search.page, pageSize: search.pageSize };
    },

    /**
     * Every project on a board by status, a page of each column: late ones first, then the oldest due;
     * completed and cancelled, the latest moved there first. Each column says how many it holds (counted
     * up to COUNT_AHEAD; `totalExact` says whether that is all).
     */
    async projectsBoard(now = new Date()) {
      const [lateCount, columns] = await Promise.all([
        lateProjectCount(db, now),
        columnPages(BOARD_COLUMNS, 0, now),
      ]);
      return { columns, lateCount };
    },

    /** The next page of one board column, from `offset` (a column's "Show more"). */
    async projectsBoardColumn(key: BoardColumnKey, offset: number, now = new Date()) {
      const [column] = await columnPages([BOARD_COLUMNS.find((c) => c.key === key)!], offset, now);
      return column!;
    },

    /** The audit log, newest first, optionally of one subject; with the actor's name and a label. */
    async audit(filter: { subjectId?: string; page: number; pageSize: number }) {
      const { total, rows } = await readAuditLog(db, filter);
      const actors = await peopleByIds(
        db,
        rows.map((r) => r.actorId),
      );
      const names = new Map(actors.map((a) => [a.id, fullName(a)]));
      return {
        total,
        entries: rows.map((r) => ({
          id: r.id,
          actorId: r.actorId,
          actorName: r.actorId
            ? (names.get(r.actorId) ?? null)
            : r.method === OPERATOR_METHOD
              ? OPERATOR_NAME
              : null,
          action: ACTION_LABELS[`${r.method} ${r.route}`] ?? `${r.method} ${r.route}`,
          method: r.method,
          route: r.route,
          subjectId: r.subjectId,
          reason: r.reason,
          detail: r.detail,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },

    /** Audit rows of several subjects (tests and the people panel). */
    actionsOf: (subjectIds: string[]) => auditRowsOf(db, subjectIds),
  };
}

export type OpsService = ReturnType<typeof opsService>;
