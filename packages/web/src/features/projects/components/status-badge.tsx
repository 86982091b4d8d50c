import type { ProjectSummary } from '../api/types';
import { phaseTone, statusLabel } from '../lib/status';
import './projects.css';

export function StatusBadge({
  project,
}: {
  project: Pick<ProjectSummary, 'completed' | 'activeStatus' | 'phase'>;
}) {
  return (
    <span className={`status-badge status-badge--${phaseTone(project.phase)}`} data-testid="project-status">
      {statusLabel(project)}
    </span>
  );
}
