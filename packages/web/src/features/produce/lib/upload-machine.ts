import { formatBytes } from '@facet/domain/format';
import type { Model } from './types';

/**
 * The model upload as a state machine (pure; the hook `useModelUpload` runs the effects):
 *
 *   idle ──select──▶ preparing ──created──▶ uploading ──progress*──▶ uploading ──uploaded──▶ analysing
 *     ▲       │ (type or size refused)          │ cancel                  │ cancel                │
 *     │       ▼                                 ▼                         ▼                       ▼
 *     └─reset─ failed ◀──────────failed──── cancelled ◀────────────────────┘         ready | failed
 *                                                                            failed (analysis) ──retry──▶ analysing
 *
 * `preparing` asks the API for a model and a signed upload URL; `uploading` sends the bytes with progress;
 * `analysing` waits for the server's analysis ("Analysing…"). Failure texts follow spec section 8.
 */

export const MODEL_EXTENSIONS = ['stl', 'obj', 'ply', '3mf'] as const;
export const MODEL_ACCEPT = '.stl,.obj,.ply,.3mf';
/** The server's default MAX_MODEL_BYTES; the server checks again and its answer wins. */
export const MAX_MODEL_BYTES = 250 * 1024 * 1024;

export const uploadMessages = {
  unsupported: 'Sorry, this file format is not supported! Upload an STL, OBJ, PLY or 3MF file.',
  tooLarge: (maxBytes: number) => `Sorry, your file is too large. Maximum size is ${formatBytes(maxBytes)}.`,
  empty: 'The file is empty.',
  storageFailed: 'The upload to storage failed. Please try again.',
  cancelled: 'Upload cancelled.',
  analysing: 'Analysing…',
  retrying: 'Analysing again…',
} as const;

export type UploadState =
  | { status: 'idle' }
  | { status: 'preparing'; file: File }
  | { status: 'uploading'; file: File; modelId: string; loaded: number; total: number }
  | { status: 'analysing'; file: File; modelId: string; retry?: boolean }
  | { status: 'ready'; file: File; model: Model }
  /** `canRetry`: the file is stored and its analysis failed, so it may be analysed again. */
  | { status: 'failed'; file: File | null; modelId: string | null; message: string; canRetry?: boolean }
  | { status: 'cancelled'; file: File; modelId: string | null };

export type UploadEvent =
  | { type: 'select'; file: File; maxBytes?: number }
  | { type: 'created'; modelId: string }
  | { type: 'progress'; loaded: number; total: number }
  | { type: 'uploaded' }
  | { type: 'analysed'; model: Model }
  | { type: 'failed'; message: string }
  | { type: 'cancel' }
  | { type: 'retry' }
  | { type: 'reset' };

export const initialUploadState: UploadState = { status: 'idle' };

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Why a file cannot be uploaded, checked before any byte is sent; null when it may go. */
export function checkModelFile(
  file: { name: string; size: number },
  maxBytes = MAX_MODEL_BYTES,
): string | null {
  if (!(MODEL_EXTENSIONS as readonly string[]).includes(fileExtension(file.name)))
    return uploadMessages.unsupported;
  if (file.size > maxBytes) return uploadMessages.tooLarge(maxBytes);
  if (file.size === 0) return uploadMessages.empty;
  return null;
}

const busy = (state: UploadState) =>
  state.status === 'preparing' || state.status === 'uploading' || state.status === 'analysing';

/**
 * Whether analysing the model again may help: when the analysis itself ran out of time or broke off, yes;
 * when the file's content was refused (not a model, damaged, out of range), the same file fails again.
 */
export function mayRetryAnalysis(model: Pick<Model, 'status' | 'error'>): boolean {
  return (
    model.status === 'failed' &&
    (model.error?.code === 'analysis_timeout' || model.error?.code === 'analysis_failed')
  );
}

/** Share of the bytes sent, 0–100 (whole percent), for the progress bar. */
export function uploadPercent(state: UploadState): number {
  if (state.status === 'uploading')
    return state.total > 0 ? Math.floor((state.loaded / state.total) * 100) : 0;
  if (state.status === 'analysing' || state.status === 'ready') return 100;
  return 0;
}

export function uploadReducer(state: UploadState, event: UploadEvent): UploadState {
  switch (event.type) {
    case 'select': {
      // one upload at a time: a new file waits until this one ends
      if (busy(state)) return state;
      const refusal = checkModelFile(event.file, event.maxBytes);
      if (refusal) return { status: 'failed', file: event.file, modelId: null, message: refusal };
      return { status: 'preparing', file: event.file };
    }
    case 'created':
      return state.status === 'preparing'
        ? { status: 'uploading', file: state.file, modelId: event.modelId, loaded: 0, total: state.file.size }
        : state;
    case 'progress':
      return state.status === 'uploading'
        ? {
            ...state,
            // never backwards, never past the total
            loaded: Math.min(Math.max(state.loaded, event.loaded), event.total || state.total),
            total: event.total || state.total,
          }
        : state;
    case 'uploaded':
      return state.status === 'uploading'
        ? { status: 'analysing', file: state.file, modelId: state.modelId }
        : state;
    case 'analysed':
      if (state.status !== 'analysing') return state;
      // still being analysed (the server answered before the end): keep waiting
      if (event.model.status === 'analysing' || event.model.status === 'uploading') return state;
      if (event.model.status === 'ready') return { status: 'ready', file: state.file, model: event.model };
      return {
        status: 'failed',
        file: state.file,
        modelId: event.model.id,
        message: event.model.error?.message ?? 'This file could not be read as a 3D model.',
        canRetry: mayRetryAnalysis(event.model),
      };
    case 'retry':
      return state.status === 'failed' && state.canRetry && state.file && state.modelId
        ? { status: 'analysing', file: state.file, modelId: state.modelId, retry: true }
        : state;
    case 'failed':
      if (!busy(state)) return state;
      return {
        status: 'failed',
        file: state.file,
        modelId: 'modelId' in state ? state.modelId : null,
        message: event.message,
      };
    case 'cancel':
      if (state.status === 'preparing') return { status: 'cancelled', file: state.file, modelId: null };
      if (state.status === 'uploading')
        return { status: 'cancelled', file: state.file, modelId: state.modelId };
      return state;
    case 'reset':
      return busy(state) ? state : initialUploadState;
  }
}
