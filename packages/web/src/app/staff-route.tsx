import { Navigate, Outlet } from 'react-router';
import { Spinner } from '../components/ui';
import { useAuth } from './auth';
import { staffRedirect } from './guards';

/** Wraps the operations console: staff only; anyone else is sent away before a staff request is made. */
export function StaffRoute() {
  const { user, isLoading } = useAuth();
  if (isLoading) {
    return (
      <div className="page-loader">
        <Spinner size="lg" />
      </div>
    );
  }
  const target = staffRedirect(user);
  if (target) return <Navigate to={target} replace />;
  return <Outlet />;
}
