import { Link } from 'react-router';
import { Box } from 'lucide-react';
import { formatDate } from '@facet/domain/format';
import { formatSize } from '../lib/format';
import type { Model } from '../lib/types';

const STATUS_TEXT: Record<Model['status'], string> = {
  uploading: 'Upload not finished',
  analysing: 'Analysing…',
  ready: 'Ready to configure',
  failed: 'Could not be read',
};

/** One of the customer's models: thumbnail, name, size and state; the whole card opens the configurator. */
export function ModelCard({ model }: { model: Model }) {
  return (
    <article className="model-card" data-status={model.status}>
      <div className="model-card__thumb">
        {model.thumbnailUrl ? (
          <img src={model.thumbnailUrl} alt="" loading="lazy" />
        ) : (
          <Box aria-hidden="true" />
        )}
      </div>
      <div className="model-card__body">
        <h3 className="model-card__name">
          <Link to={`/produce/steps?model=${encodeURIComponent(model.id)}`} className="model-card__link">
            {model.fileName}
          </Link>
        </h3>
        <p className="model-card__meta">
          {model.analysis ? formatSize(model.analysis.sizeMm) : STATUS_TEXT[model.status]}
        </p>
        <p className="model-card__meta">
          <span className={`model-card__status model-card__status--${model.status}`}>
            {STATUS_TEXT[model.status]}
          </span>
          <span aria-hidden="true"> · </span>
          <time dateTime={model.createdAt}>{formatDate(model.createdAt, { timeZone: 'local' })}</time>
        </p>
      </div>
    </article>
  );
}
