import type { ReactNode } from 'react';
import { Box } from 'lucide-react';
import { Spinner } from '../../../../components/ui';

/** What the 3D stage shows while it loads, or instead of the view when it cannot draw. */
export function ViewerPlaceholder({ busy = false, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <div className="viewer-placeholder" role={busy ? undefined : 'note'}>
      {busy ? (
        <Spinner size="md" label={null} />
      ) : (
        <Box className="viewer-placeholder__icon" aria-hidden="true" />
      )}
      <p aria-live={busy ? 'polite' : undefined}>{children}</p>
    </div>
  );
}
