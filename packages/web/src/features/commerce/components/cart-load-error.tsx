import { AlertTriangle } from 'lucide-react';
import { Button } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';

/** The cart and checkout pages when the cart could not be read: the reason and a retry. */
export function CartLoadError({ title, error, retry }: { title: string; error: unknown; retry: () => void }) {
  return (
    <div className="page">
      <title>{`${title} · Facet`}</title>
      <div className="produce-error" role="alert">
        <AlertTriangle aria-hidden="true" />
        <p>Your cart could not be loaded. {errorMessage(error)}</p>
        <Button variant="secondary" size="sm" onClick={retry}>
          Try again
        </Button>
      </div>
    </div>
  );
}
