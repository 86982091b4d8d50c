import { useQuery } from '@tanstack/react-query';
import type { MetalLook } from '../../lib/metal-look';
import { ViewerPlaceholder } from './viewer-placeholder';
import { ViewerLoadError, loadModelGeometry } from './load-model-geometry';
import ModelCanvas from './model-canvas';

export type ModelViewerProps = {
  fileUrl: string;
  fileName: string;
  look: MetalLook;
  label: string;
  onDrawn?: (canvas: HTMLCanvasElement) => void;
};

/** Loads the model file with three's loaders and shows it; code-split with three.js (loaded on demand). */
export default function ModelViewer({ fileUrl, fileName, look, label, onDrawn }: ModelViewerProps) {
  const geometry = useQuery({
    queryKey: ['model-geometry', fileUrl],
    queryFn: ({ signal }) => loadModelGeometry(fileUrl, fileName, signal),
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });
  if (geometry.isPending) return <ViewerPlaceholder busy>Loading the 3D view…</ViewerPlaceholder>;
  if (geometry.isError) {
    return (
      <ViewerPlaceholder>
        {geometry.error instanceof ViewerLoadError
          ? geometry.error.message
          : 'The model file could not be loaded for the 3D view.'}{' '}
        Its measurements and prices below are not affected.
      </ViewerPlaceholder>
    );
  }
  return <ModelCanvas model={geometry.data} look={look} label={label} onDrawn={onDrawn} />;
}
