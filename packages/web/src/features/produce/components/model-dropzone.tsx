import { useId, useRef } from 'react';
import clsx from 'clsx';
import { AlertCircle, CheckCircle2, FileUp, RotateCcw, X } from 'lucide-react';
import { Button, DropZone, Spinner } from '../../../components/ui';
import { formatBytes } from '@facet/domain/format';
import { formatCount, formatSize } from '../lib/format';
import type { PreviewReply } from '../lib/preview-mesh';
import { MAX_MODEL_BYTES, MODEL_ACCEPT, uploadMessages, uploadPercent } from '../lib/upload-machine';
import type { UploadState } from '../lib/upload-machine';
import './model-dropzone.css';

export type ModelDropzoneProps = {
  state: UploadState;
  preview: PreviewReply | null;
  onFile: (file: File) => void;
  onCancel: () => void;
  /** Analyse again a model whose analysis failed (shown as a "Retry analysis" button). */
  onRetry?: () => void;
  /** Heading level text for the zone (it is a labelled region). */
  title?: string;
};

function PreviewLine({ preview }: { preview: PreviewReply | null }) {
  if (!preview?.ok) return null;
  const { analysis } = preview;
  return (
    <p className="dropzone__preview">
      Quick look in your browser: {formatSize(analysis.sizeMm)} in file units ·{' '}
      {formatCount(analysis.triangles)} triangles{analysis.watertight ? '' : ' · has holes'}. Our server
      confirms these numbers.
    </p>
  );
}

/**
 * Drop a model or pick one (keyboard: the button opens the file picker). Shows the upload's progress with
 * a cancel button, then "Analysing…" with a running bar, and any failure in words (spec section 8); a
 * failed analysis can be retried.
 */
export function ModelDropzone({
  state,
  preview,
  onFile,
  onCancel,
  onRetry,
  title = 'Upload a 3D model',
}: ModelDropzoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const hintId = useId();
  const busy = state.status === 'preparing' || state.status === 'uploading' || state.status === 'analysing';
  const percent = uploadPercent(state);

  const picker = (
    <>
      <input
        ref={inputRef}
        type="file"
        accept={MODEL_ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="model-file-input"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) onFile(file);
        }}
      />
      <Button
        type="button"
        onClick={() => inputRef.current?.click()}
        disabled={busy}
        aria-describedby={hintId}
      >
        <FileUp aria-hidden="true" />
        {state.status === 'idle' ? 'Choose a model file' : 'Choose another file'}
      </Button>
    </>
  );

  return (
    <DropZone
      as="section"
      className={clsx('dropzone', busy && 'dropzone--busy')}
      aria-labelledby={headingId}
      disabled={busy}
      onFiles={(files) => onFile(files[0]!)}
      data-testid="model-dropzone"
    >
      <h2 id={headingId} className="dropzone__title">
        {title}
      </h2>

      {state.status === 'preparing' || state.status === 'uploading' ? (
        <div className="dropzone__progress">
          <p className="dropzone__file">
            <span>{state.file.name}</span>
            <span className="dropzone__muted">
              {state.status === 'uploading'
                ? `${formatBytes(state.loaded)} of ${formatBytes(state.total)}`
                : 'Preparing the upload…'}
            </span>
          </p>
          <div
            className="progress"
            role="progressbar"
            aria-label={`Uploading ${state.file.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}%`}
          >
            <span className="progress__bar" style={{ width: `${percent}%` }} />
          </div>
          <div className="dropzone__row">
            <span className="dropzone__percent" aria-hidden="true">
              {percent}%
            </span>
            <Button type="button" variant="secondary" size="sm" onClick={onCancel}>
              <X aria-hidden="true" />
              Cancel upload
            </Button>
          </div>
          <PreviewLine preview={preview} />
        </div>
      ) : state.status === 'analysing' ? (
        <div className="dropzone__progress" role="status">
          <p className="dropzone__file">
            <span>{state.file.name}</span>
          </p>
          <div
            className="progress progress--indeterminate"
            role="progressbar"
            aria-label={`Analysing ${state.file.name}`}
            aria-valuetext={state.retry ? uploadMessages.retrying : uploadMessages.analysing}
          >
            <span className="progress__bar" />
          </div>
          <p className="dropzone__analysing">
            <Spinner size="sm" label={null} />{' '}
            {state.retry ? uploadMessages.retrying : uploadMessages.analysing}
          </p>
          <PreviewLine preview={preview} />
        </div>
      ) : (
        <div className="dropzone__idle">
          <FileUp className="dropzone__icon" aria-hidden="true" />
          <p>Drag and drop an STL, OBJ, PLY or 3MF file here, or</p>
          {picker}
          <p className="dropzone__muted" id={hintId}>
            Up to {formatBytes(MAX_MODEL_BYTES)}. We measure it, check it can be cast, and price it in every
            metal.
          </p>
          {state.status === 'failed' ? (
            <>
              <p className="dropzone__message dropzone__message--error" role="alert">
                <AlertCircle aria-hidden="true" />
                <span>
                  {state.file ? <strong>{state.file.name}: </strong> : null}
                  {state.message}
                </span>
              </p>
              {state.canRetry && onRetry ? (
                <Button type="button" variant="secondary" size="sm" onClick={onRetry}>
                  <RotateCcw aria-hidden="true" />
                  Retry analysis
                </Button>
              ) : null}
            </>
          ) : state.status === 'cancelled' ? (
            <p className="dropzone__message" role="status">
              {uploadMessages.cancelled}
            </p>
          ) : state.status === 'ready' ? (
            <p className="dropzone__message dropzone__message--ok" role="status">
              <CheckCircle2 aria-hidden="true" /> {state.model.fileName} is ready.
            </p>
          ) : null}
        </div>
      )}
    </DropZone>
  );
}
