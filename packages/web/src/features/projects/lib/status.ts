import type { Phase, ProjectSummary } from '../api/types';

export const FILTER_LABELS = {
  all: 'All',
  'in-progress': 'In progress',
  completed: 'Completed',
  'not-started': 'Not started',
  service: 'Service',
  invited: 'Invited',
} as const;

const PHASE_TONE: Record<Phase, string> = {
  'not-started': 'muted',
  invited: 'gold',
  'in-progress': 'ink',
  completed: 'success',
  cancelled: 'danger',
};

/** The status shown with its name; a completed project reads 'Completed' (a cancelled one its status, 'Cancelled'). */
export function statusLabel(project: Pick<ProjectSummary, 'completed' | 'activeStatus'>): string {
  return project.completed ? 'Completed' : project.activeStatus.name;
}

export function phaseTone(phase: Phase): string {
  return PHASE_TONE[phase];
}
