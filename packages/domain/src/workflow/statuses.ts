/** The project workflow as data: the server seeds these rows; positions drive filters and moves (DESIGN.md §3). */
export type Workflow = 'design' | 'service';
/** -1 not started, 1..4 the workflow's steps, 5 cancelled (outside the steps: no filter but 'all' takes it). */
export type StatusPosition = -1 | 1 | 2 | 3 | 4 | 5;

/** Where a cancelled project stands (decision 051): its own status, after the workflow's steps. */
export const CANCELLED_POSITION = 5;
export const CANCELLED_STATUS_NAME = 'Cancelled';

export interface StatusDefinition {
  id: string;
  workflow: Workflow;
  name: string;
  position: StatusPosition;
}

export const PROJECT_STATUSES: readonly StatusDefinition[] = [
  { id: 'design-not-started', workflow: 'design', name: 'Not Started', position: -1 },
  { id: 'design-invite', workflow: 'design', name: 'Invite Designers', position: 1 },
  { id: 'design-payment', workflow: 'design', name: 'Make Payment', position: 2 },
  { id: 'design-in-progress', workflow: 'design', name: 'In Design', position: 3 },
  { id: 'design-review', workflow: 'design', name: 'Review & Delivery', position: 4 },
  { id: 'service-not-started', workflow: 'service', name: 'Not Started', position: -1 },
  { id: 'service-invite', workflow: 'service', name: 'Invite Service Providers', position: 1 },
  { id: 'service-payment', workflow: 'service', name: 'Make Payment', position: 2 },
  { id: 'service-in-progress', workflow: 'service', name: 'In Production', position: 3 },
  { id: 'service-review', workflow: 'service', name: 'Review & Delivery', position: 4 },
  // staff cancel a project before delivery (refunding what it paid); the chat is closed ('cancel' in the name)
  { id: 'design-cancelled', workflow: 'design', name: CANCELLED_STATUS_NAME, position: CANCELLED_POSITION },
  { id: 'service-cancelled', workflow: 'service', name: CANCELLED_STATUS_NAME, position: CANCELLED_POSITION },
];

/** The cancelled statuses' ids (one per workflow). */
export const CANCELLED_STATUS_IDS: readonly string[] = PROJECT_STATUSES.filter(
  (s) => s.position === CANCELLED_POSITION,
).map((s) => s.id);

/** Whether a project at this status position (or with this status id) is cancelled. */
export function isCancelled(status: { position: number } | string): boolean {
  return typeof status === 'string'
    ? CANCELLED_STATUS_IDS.includes(status)
    : status.position === CANCELLED_POSITION;
}

/** The name shown when the completed flag is set (the status itself stays at position 4). */
export const COMPLETED_STATUS_NAME = 'Completed';

export function workflowOf(service: boolean): Workflow {
  return service ? 'service' : 'design';
}

export function statusAt(workflow: Workflow, position: StatusPosition): StatusDefinition {
  const status = PROJECT_STATUSES.find((s) => s.workflow === workflow && s.position === position);
  if (!status) throw new Error(`no ${workflow} status at position ${position}`);
  return status;
}

/** Spec: the invite-phase status is the one whose name contains 'invite'. */
export function inviteStatus(workflow: Workflow): StatusDefinition {
  const status = PROJECT_STATUSES.find(
    (s) => s.workflow === workflow && s.name.toLowerCase().includes('invite'),
  );
  if (!status) throw new Error(`no invite status for ${workflow}`);
  return status;
}

export type ProjectPhase = 'not-started' | 'invited' | 'in-progress' | 'completed' | 'cancelled';
export const PROJECT_FILTERS = [
  'all',
  'in-progress',
  'completed',
  'not-started',
  'service',
  'invited',
] as const;
export type ProjectFilter = (typeof PROJECT_FILTERS)[number];

export interface PhaseInput {
  position: number;
  completed: boolean;
  sentInvite: boolean;
}

/** Spec §4: not started = position -1, or position 1 without a sent invite. */
export function isNotStarted(p: PhaseInput): boolean {
  return !p.completed && (p.position === -1 || (p.position === 1 && !p.sentInvite));
}

export function projectPhase(p: PhaseInput): ProjectPhase {
  if (p.completed) return 'completed';
  if (isCancelled(p)) return 'cancelled';
  if (isNotStarted(p)) return 'not-started';
  if (p.position === 1) return 'invited';
  return 'in-progress';
}

/** The spec's list filters as a pure predicate (the server runs the same rules in SQL). */
export function matchesFilter(filter: ProjectFilter, p: PhaseInput & { service: boolean }): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'completed':
      return p.completed;
    case 'not-started':
      return isNotStarted(p);
    case 'service':
      return p.service;
    case 'invited':
      return !p.completed && p.position === 1 && p.sentInvite;
    case 'in-progress':
      return !p.completed && p.position >= 1 && p.position <= 4 && !isNotStarted(p);
  }
}

/** Next status = position plus an offset, clamped to the workflow (spec §4); a cancelled project stays. */
export function nextPosition(position: StatusPosition, offset = 1): StatusPosition {
  const order: StatusPosition[] = [-1, 1, 2, 3, 4];
  const index = order.indexOf(position);
  if (index === -1) return position;
  return order[Math.min(order.length - 1, Math.max(0, index + offset))] ?? position;
}

/** The system message a move writes into the project's history and chat room. */
export function moveMessage(statusName: string, automatic = false): string {
  return `Project has been moved to ${statusName}${automatic ? ' due to inactivity' : ''}`;
}

/** A delivery unanswered this long completes the project (the inactivity job). */
export const INACTIVITY_DAYS = 7;
