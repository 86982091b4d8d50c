import { Link, useLocation } from 'react-router';
import { Compass } from 'lucide-react';
import { useAuth } from '../../../app/auth';
import { Button, EmptyState } from '../../../components/ui';

export function NotFoundPage() {
  const { pathname } = useLocation();
  const { user } = useAuth();
  return (
    <div className="page">
      <title>Page not found · Facet</title>
      <EmptyState
        headingLevel="h1"
        eyebrow="404"
        icon={<Compass />}
        title="This page is not in our collection"
        description={
          <>
            Nothing lives at <code className="inline-code">{pathname}</code>. The link may be old or mistyped.
          </>
        }
        action={
          <>
            <Button asChild>
              <Link to={user ? '/dashboard' : '/'}>
                {user ? 'Go to your dashboard' : 'Go to the home page'}
              </Link>
            </Button>
            <Button variant="secondary" asChild>
              <Link to="/explore">Explore Facet</Link>
            </Button>
          </>
        }
      />
    </div>
  );
}
