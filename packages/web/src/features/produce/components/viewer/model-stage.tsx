import { Component, Suspense, lazy, useState } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import type { ModelViewerProps } from './model-viewer';
import { ViewerPlaceholder } from './viewer-placeholder';

const ModelViewer = lazy(() => import('./model-viewer'));

export const VIEWER_UNAVAILABLE = '3D preview unavailable';

/** Whether this browser can create a WebGL context (headless browsers without a GPU may not). */
export function canUseWebGL(): boolean {
  if (typeof window === 'undefined' || typeof WebGLRenderingContext === 'undefined') return false;
  try {
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (!context) return false;
    context.getExtension('WEBGL_lose_context')?.loseContext();
    return true;
  } catch {
    return false;
  }
}

function Unavailable({ reason }: { reason: string }) {
  return (
    <ViewerPlaceholder>
      <strong>{VIEWER_UNAVAILABLE}</strong>
      <br />
      {reason} The measurements, configuration and prices work as usual.
    </ViewerPlaceholder>
  );
}

class ViewerBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.warn('3D view failed', error, info.componentStack);
  }
  override render() {
    return this.state.failed ? (
      <Unavailable reason="The 3D view stopped working in this browser." />
    ) : (
      this.props.children
    );
  }
}

/**
 * The 3D stage of the configurator. Falls back to a clear "3D preview unavailable" note when the browser
 * has no WebGL or the view fails, so the rest of the page keeps working.
 */
export function ModelStage(props: ModelViewerProps) {
  const [webgl] = useState(canUseWebGL);
  return (
    <div className="model-stage">
      {webgl ? (
        <ViewerBoundary>
          <Suspense fallback={<ViewerPlaceholder busy>Loading the 3D view…</ViewerPlaceholder>}>
            <ModelViewer {...props} />
          </Suspense>
        </ViewerBoundary>
      ) : (
        <Unavailable reason="This browser cannot draw 3D graphics (WebGL is off or missing)." />
      )}
    </div>
  );
}
