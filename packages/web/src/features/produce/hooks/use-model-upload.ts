import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { completeModel, retryModel } from '../api/complete-model';
import { createModel } from '../api/create-model';
import { deleteModel } from '../api/delete-model';
import { getModel, modelQueryKey } from '../api/get-model';
import { modelsQueryKey } from '../api/get-models';
import { previewMesh } from '../lib/preview-mesh';
import type { PreviewReply } from '../lib/preview-mesh';
import { StorageUploadError, isAbortError, sendToStorage } from '../lib/send-to-storage';
import type { Model } from '../lib/types';
import {
  checkModelFile,
  initialUploadState,
  uploadMessages,
  uploadReducer,
  type UploadState,
} from '../lib/upload-machine';

export type ModelUpload = {
  state: UploadState;
  /** The browser's own reading of the file (Web Worker), shown until the server's analysis arrives. */
  preview: PreviewReply | null;
  upload: (file: File) => void;
  cancel: () => void;
  /** Analyse a model whose analysis failed once more (only when `state.canRetry`). */
  retry: () => void;
  reset: () => void;
};

/** How often a model still being analysed is looked at again. */
export const ANALYSIS_POLL_MS = 2000;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** The model once its analysis has ended (ready or failed), asking again while it is still analysing. */
async function settledModel(first: Model, signal: AbortSignal): Promise<Model> {
  let model = first;
  while (model.status === 'analysing' && !signal.aborted) {
    await pause(ANALYSIS_POLL_MS, signal);
    if (signal.aborted) break;
    model = await getModel(model.id, signal);
  }
  return model;
}

function failureMessage(error: unknown): string {
  if (error instanceof StorageUploadError) return error.message;
  if (isApiError(error)) return error.message;
  return errorMessage(error);
}

/**
 * Runs an upload: create the model (signed URL), send the bytes with progress, then ask the server to
 * analyse them. Cancel aborts the transfer and removes the half-made model. `onReady` gets the analysed model.
 */
export function useModelUpload(onReady?: (model: Model) => void): ModelUpload {
  const [state, dispatch] = useReducer(uploadReducer, initialUploadState);
  const [preview, setPreview] = useState<PreviewReply | null>(null);
  const client = useQueryClient();
  const running = useRef<{ abort: AbortController; cancelPreview: () => void } | null>(null);
  // polling for an analysis stops when the page is left
  const alive = useRef(new AbortController());
  const onReadyRef = useRef(onReady);
  useEffect(() => {
    onReadyRef.current = onReady;
  }, [onReady]);
  // leaving the page stops a transfer in flight
  useEffect(() => {
    const life = new AbortController();
    alive.current = life;
    return () => {
      running.current?.abort.abort();
      life.abort();
    };
  }, []);

  const settle = useCallback(
    (analysed: Model) => {
      client.setQueryData(modelQueryKey(analysed.id), analysed);
      void client.invalidateQueries({ queryKey: modelsQueryKey, exact: true });
      dispatch({ type: 'analysed', model: analysed });
      if (analysed.status === 'ready') onReadyRef.current?.(analysed);
    },
    [client],
  );

  const upload = useCallback(
    (file: File) => {
      if (running.current) return;
      dispatch({ type: 'select', file });
      if (checkModelFile(file)) return;
      setPreview(null);
      const abort = new AbortController();
      const previewJob = previewMesh(file);
      running.current = { abort, cancelPreview: previewJob.cancel };
      void previewJob.result.then((reply) => {
        if (!abort.signal.aborted) setPreview(reply);
      });

      void (async () => {
        let modelId: string | null = null;
        try {
          const { model, upload: target } = await createModel(
            { fileName: file.name, sizeBytes: file.size },
            abort.signal,
          );
          modelId = model.id;
          dispatch({ type: 'created', modelId });
          await sendToStorage(file, target, {
            signal: abort.signal,
            onProgress: (loaded, total) => dispatch({ type: 'progress', loaded, total }),
          });
          dispatch({ type: 'uploaded' });
          // once the bytes are in storage the analysis runs to its end; cancel no longer applies
          const analysed = await settledModel(await completeModel(model.id), alive.current.signal);
          if (!alive.current.signal.aborted) settle(analysed);
        } catch (error) {
          if (abort.signal.aborted || isAbortError(error)) {
            // the record was made but its file never arrived: remove it so it does not linger in the list
            if (modelId) void deleteModel(modelId).catch(() => undefined);
            return;
          }
          dispatch({
            type: 'failed',
            message:
              isApiError(error) && error.code === 'upload_missing'
                ? uploadMessages.storageFailed
                : failureMessage(error),
          });
          void client.invalidateQueries({ queryKey: modelsQueryKey, exact: true });
        } finally {
          previewJob.cancel();
          running.current = null;
        }
      })();
    },
    [client, settle],
  );

  const retry = useCallback(() => {
    if (running.current || state.status !== 'failed' || !state.canRetry || !state.modelId) return;
    const modelId = state.modelId;
    dispatch({ type: 'retry' });
    const abort = new AbortController();
    running.current = { abort, cancelPreview: () => undefined };
    void (async () => {
      try {
        const analysed = await settledModel(await retryModel(modelId), alive.current.signal);
        if (!alive.current.signal.aborted) settle(analysed);
      } catch (error) {
        if (alive.current.signal.aborted || isAbortError(error)) return;
        dispatch({ type: 'failed', message: failureMessage(error) });
      } finally {
        running.current = null;
      }
    })();
  }, [state, settle]);

  const cancel = useCallback(() => {
    if (!running.current) return;
    dispatch({ type: 'cancel' });
    running.current.cancelPreview();
    running.current.abort.abort();
    setPreview(null);
  }, []);

  const reset = useCallback(() => {
    dispatch({ type: 'reset' });
    setPreview(null);
  }, []);

  return { state, preview, upload, cancel, retry, reset };
}
