import type { Analysis } from './types';

export type PreviewRequest = { file: File };
export type PreviewReply = { ok: true; analysis: Analysis } | { ok: false; message: string };

/** Files larger than this are not read in the browser: the preview would cost more memory than it is worth. */
export const MAX_PREVIEW_BYTES = 64 * 1024 * 1024;

/**
 * Analyses a model file in a Web Worker. Resolves null when there is no Worker (tests, old browsers) or the
 * file is too large to preview; `cancel` stops the worker. Never rejects: a preview is optional.
 */
export function previewMesh(file: File): { result: Promise<PreviewReply | null>; cancel: () => void } {
  if (typeof Worker === 'undefined' || file.size > MAX_PREVIEW_BYTES) {
    return { result: Promise.resolve(null), cancel: () => {} };
  }
  let worker: Worker | null = null;
  let settle: (reply: PreviewReply | null) => void = () => {};
  const result = new Promise<PreviewReply | null>((resolve) => {
    settle = resolve;
  });
  try {
    worker = new Worker(new URL('../workers/mesh.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<PreviewReply>) => {
      settle(event.data);
      worker?.terminate();
    };
    worker.onerror = () => {
      settle(null);
      worker?.terminate();
    };
    worker.postMessage({ file } satisfies PreviewRequest);
  } catch {
    settle(null);
  }
  return {
    result,
    cancel: () => {
      worker?.terminate();
      settle(null);
    },
  };
}
