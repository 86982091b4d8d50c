import { Box } from 'lucide-react';
import { Button, EmptyState, Skeleton } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useModels } from '../api/get-models';
import { ModelCard } from './model-card';

/** The customer's models, newest first, as cards; loading, empty and error states included. */
export function RecentModels() {
  const models = useModels();
  return (
    <section className="recent-models" aria-labelledby="recent-models-title" aria-busy={models.isPending}>
      <h2 id="recent-models-title" className="produce-section-title">
        Your models
      </h2>
      {models.isPending ? (
        <ul className="model-grid" aria-label="Loading your models">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i} className="model-card model-card--skeleton">
              <Skeleton height="9rem" radius="md" />
              <Skeleton width="70%" />
              <Skeleton width="40%" />
            </li>
          ))}
        </ul>
      ) : models.isError ? (
        <div className="produce-error" role="alert">
          <p>Your models could not be loaded. {errorMessage(models.error)}</p>
          <Button variant="secondary" size="sm" onClick={() => void models.refetch()}>
            Try again
          </Button>
        </div>
      ) : models.data.length === 0 ? (
        <EmptyState
          icon={<Box />}
          title="No models yet"
          headingLevel="h3"
          description="Models you upload appear here with a preview, ready to configure and price again."
        />
      ) : (
        <ul className="model-grid">
          {models.data.map((model) => (
            <li key={model.id}>
              <ModelCard model={model} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
