import { CalendarClock } from 'lucide-react';
import { formatDate } from '@facet/domain/format';
import type { ProjectSummary } from '../api/types';

/** Whether the spec's lateness text says the project is (or was delivered) late. */
export const isLate = (lateness: string | null) => lateness !== null && / Late$/.test(lateness);

/**
 * A paid project's due date and the spec's lateness text ('On Track', 'N day(s) Late', 'N day(s) early'),
 * as the server computed them: late in the warning colour, on track or early calm. Nothing before payment.
 */
export function Deadline({
  project,
  compact = false,
}: {
  project: Pick<ProjectSummary, 'dueAt' | 'lateness'>;
  compact?: boolean;
}) {
  if (!project.dueAt || !project.lateness) return null;
  const late = isLate(project.lateness);
  return (
    <span className={`deadline${compact ? ' deadline--compact' : ''}`} data-testid="project-deadline">
      {compact ? null : <CalendarClock aria-hidden="true" width={16} height={16} />}
      <span>
        Due <time dateTime={project.dueAt}>{formatDate(project.dueAt)}</time>
      </span>
      <span
        className={`lateness-badge lateness-badge--${late ? 'late' : 'calm'}`}
        data-testid="project-lateness"
      >
        {project.lateness}
      </span>
    </span>
  );
}
