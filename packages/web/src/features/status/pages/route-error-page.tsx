import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { RefreshCw } from 'lucide-react';
import { Button, EmptyState } from '../../../components/ui';

/** Shown when a page fails to load or throws; keeps the shell so the person can move on. */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="page">
      <title>{notFound ? 'Page not found · Facet' : 'Something went wrong · Facet'}</title>
      <EmptyState
        headingLevel="h1"
        icon={<RefreshCw />}
        title={notFound ? 'We could not find that page' : 'This page did not load'}
        description={
          notFound
            ? 'The address may be mistyped, or the page has moved.'
            : 'Something went wrong while opening this page. Reloading usually fixes it; your work is saved.'
        }
        action={
          <>
            <Button onClick={() => window.location.reload()}>Reload page</Button>
            <Button variant="secondary" asChild>
              <Link to="/">Go to the home page</Link>
            </Button>
          </>
        }
      />
    </div>
  );
}
