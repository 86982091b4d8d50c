import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrowRight, Library } from 'lucide-react';
import { ModelDropzone } from '../components/model-dropzone';
import { RecentModels } from '../components/recent-models';
import { useModelUpload } from '../hooks/use-model-upload';
import type { Model } from '../lib/types';
import './produce.css';

/** /produce: upload a model (then straight to its configurator), the library, and the customer's models. */
export function ProducePage() {
  const navigate = useNavigate();
  const onReady = useCallback(
    (model: Model) => navigate(`/produce/steps?model=${encodeURIComponent(model.id)}`),
    [navigate],
  );
  const { state, preview, upload, cancel, retry } = useModelUpload(onReady);

  return (
    <div className="page produce-page">
      <title>Produce · Facet</title>
      <div className="page__header">
        <div>
          <p className="eyebrow">Produce</p>
          <h1 className="page__title">Bring a piece to production</h1>
          <p className="page__lead">
            Drop your 3D model and see its size, weight and an itemised price in every metal within seconds.
          </p>
        </div>
      </div>
      <div className="produce-start">
        <ModelDropzone state={state} preview={preview} onFile={upload} onCancel={cancel} onRetry={retry} />
        <aside className="produce-library-link" aria-labelledby="library-link-title">
          <Library className="produce-option__icon" aria-hidden="true" />
          <h2 id="library-link-title" className="produce-library-link__title">
            No model yet?
          </h2>
          <p>Start from a finished Facet design and configure it for production.</p>
          <Link to="/produce/design" className="produce-library-link__go">
            Browse the design library <ArrowRight aria-hidden="true" />
          </Link>
        </aside>
      </div>
      <RecentModels />
    </div>
  );
}
