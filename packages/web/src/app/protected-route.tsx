import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../components/ui';
import { useAuth } from './auth';
import { protectedRedirect } from './guards';

/** Wraps every route that needs a signed-in account; applies the status and role rules of spec section 4. */
export function ProtectedRoute() {
  const { user, isLoading } = useAuth();
  const { pathname } = useLocation();
  if (isLoading) {
    return (
      <div className="page-loader">
        <Spinner size="lg" />
      </div>
    );
  }
  const target = protectedRedirect(pathname, user);
  if (target && target !== pathname) return <Navigate to={target} replace />;
  return <Outlet />;
}
