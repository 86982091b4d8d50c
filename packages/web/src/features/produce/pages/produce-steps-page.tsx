import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { AlertTriangle, ArrowLeft, FileQuestion, RotateCcw } from 'lucide-react';
import { Button, EmptyState, Skeleton, Spinner } from '../../../components/ui';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useCatalog } from '../api/get-catalog';
import { retryModel } from '../api/complete-model';
import { modelQueryKey, useModel } from '../api/get-model';
import { useLibrary } from '../api/get-library';
import { ModelConfigurator } from '../components/model-configurator';
import { ModelDropzone } from '../components/model-dropzone';
import { useModelUpload } from '../hooks/use-model-upload';
import { mayRetryAnalysis, uploadMessages } from '../lib/upload-machine';
import type { Model } from '../lib/types';
import '../lib/laser-fonts';
import './produce.css';

function BackLink() {
  return (
    <Link to="/produce" className="back-link">
      <ArrowLeft aria-hidden="true" /> Produce
    </Link>
  );
}

/** A model whose analysis failed: analyse it once more; the page follows the model while it runs. */
function RetryAnalysis({ modelId }: { modelId: string }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  async function retry() {
    setBusy(true);
    setRefusal(null);
    try {
      client.setQueryData(modelQueryKey(modelId), await retryModel(modelId));
    } catch (error) {
      setRefusal(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="steps-retry">
      <Button type="button" variant="secondary" onClick={() => void retry()} disabled={busy}>
        <RotateCcw aria-hidden="true" />
        Retry analysis
      </Button>
      {refusal ? (
        <p className="produce-error" role="alert">
          <AlertTriangle aria-hidden="true" /> {refusal}
        </p>
      ) : null}
    </div>
  );
}

/** No model chosen: upload one here; the page then shows its configurator. */
function StepsUpload({ title, lead, retryId }: { title: string; lead?: string; retryId?: string }) {
  const [params, setParams] = useSearchParams();
  // a kind of piece chosen on /produce/{option} (?type=Ring) stays with the uploaded model
  const type = params.get('type');
  const onReady = useCallback(
    (model: Model) => setParams(type ? { model: model.id, type } : { model: model.id }),
    [setParams, type],
  );
  const { state, preview, upload, cancel, retry } = useModelUpload(onReady);
  return (
    <div className="page steps-page">
      <title>Upload a model · Facet</title>
      <BackLink />
      <div className="page__header">
        <div>
          <p className="eyebrow">Produce · Upload</p>
          <h1 className="page__title">{title}</h1>
          {lead ? <p className="page__lead">{lead}</p> : null}
          {retryId ? <RetryAnalysis modelId={retryId} /> : null}
        </div>
      </div>
      <ModelDropzone
        state={state}
        preview={preview}
        onFile={upload}
        onCancel={cancel}
        onRetry={retry}
        title="Your model file"
      />
    </div>
  );
}

function LoadingConfigurator() {
  return (
    <div className="steps-layout" aria-busy="true">
      <Spinner label="Loading the model" className="visually-hidden" />
      <div className="steps-viewer">
        <Skeleton height="22rem" radius="lg" />
      </div>
      <div className="steps-config">
        <Skeleton height="10rem" radius="lg" />
        <Skeleton height="18rem" radius="lg" />
      </div>
    </div>
  );
}

function ModelSteps({ modelId }: { modelId: string }) {
  const [params] = useSearchParams();
  const itemTypeParam = params.get('type');
  const model = useModel(modelId);
  const catalog = useCatalog();
  // a model copied from a library design: the server's access for my membership gives the least pieces
  const designId = model.data?.libraryProductId ?? null;
  const library = useLibrary(designId !== null);
  const design = designId ? library.data?.products.find((p) => p.id === designId) : undefined;
  const access = design?.access ?? null;
  const minQuantity = access?.allowed ? access.minPieces : 1;
  const libraryPending = designId !== null && library.isPending;

  if (model.isError) {
    const missing = isApiError(model.error) && (model.error.status === 404 || model.error.status === 400);
    return (
      <div className="page">
        <title>Model not found · Facet</title>
        <EmptyState
          headingLevel="h1"
          icon={<FileQuestion />}
          title={missing ? 'We could not find this model' : 'This model could not be loaded'}
          description={
            missing
              ? 'It may have been removed, or it belongs to another account.'
              : errorMessage(model.error)
          }
          action={
            <>
              <Button asChild>
                <Link to="/produce/steps">Upload a model</Link>
              </Button>
              {!missing ? (
                <Button variant="secondary" onClick={() => void model.refetch()}>
                  Try again
                </Button>
              ) : null}
            </>
          }
        />
      </div>
    );
  }

  const data = model.data;
  if (data?.status === 'failed' || data?.status === 'uploading') {
    return (
      <StepsUpload
        title={`${data.fileName} could not be used`}
        lead={
          data.status === 'failed'
            ? (data.error?.message ?? 'This file could not be read as a 3D model.')
            : uploadMessages.storageFailed
        }
        retryId={mayRetryAnalysis(data) ? data.id : undefined}
      />
    );
  }

  return (
    <div className="page steps-page">
      <title>{data ? `${data.fileName} · Produce · Facet` : 'Configure · Facet'}</title>
      <BackLink />
      <div className="page__header steps-page__header">
        <div>
          <p className="eyebrow">Produce · Configure</p>
          <h1 className="page__title steps-page__title">
            {design ? design.name : (data?.fileName ?? 'Loading the model…')}
          </h1>
          {access ? (
            <p className="page__lead">
              {access.allowed ? (access.minimumText ?? 'A Facet library design.') : access.message}
            </p>
          ) : null}
        </div>
      </div>
      {!data ? (
        <LoadingConfigurator />
      ) : data.status === 'analysing' ? (
        <p className="steps-analysing" role="status">
          <Spinner size="sm" label={null} /> {uploadMessages.analysing}
        </p>
      ) : catalog.isError || library.isError ? (
        <div className="produce-error" role="alert">
          <AlertTriangle aria-hidden="true" />
          <p>The materials and options could not be loaded. {errorMessage(catalog.error ?? library.error)}</p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void (catalog.isError ? catalog.refetch() : library.refetch())}
          >
            Try again
          </Button>
        </div>
      ) : !catalog.data || libraryPending ? (
        <LoadingConfigurator />
      ) : (
        <ModelConfigurator
          model={data}
          catalog={catalog.data}
          minQuantity={minQuantity}
          minimumText={access?.allowed ? access.minimumText : null}
          itemTypeName={design?.itemType ?? itemTypeParam}
        />
      )}
    </div>
  );
}

/** /produce/steps?model=<id>: the configurator for one model; without a model, the upload. */
export function ProduceStepsPage() {
  const [params] = useSearchParams();
  const modelId = params.get('model') ?? '';
  if (!modelId)
    return (
      <StepsUpload
        title="Upload a 3D model"
        lead="STL, OBJ, PLY or 3MF. You see it in 3D in your chosen metal with an itemised price."
      />
    );
  return <ModelSteps key={modelId} modelId={modelId} />;
}
