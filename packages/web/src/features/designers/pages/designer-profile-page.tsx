import { Link, useParams } from 'react-router';
import { CircleUser } from 'lucide-react';
import { Button, EmptyState, Skeleton } from '../../../components/ui';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useDesigner } from '../api/get-designer';
import { DesignerProfileView } from '../components/designer-profile-view';
import '../components/pro-card.css';

export function DesignerProfilePage() {
  const { id = '' } = useParams();
  const designer = useDesigner(id);
  return (
    <div className="page">
      <title>{designer.data ? `${designer.data.name} · Facet` : 'Designer profile · Facet'}</title>
      {designer.isPending ? (
        <div aria-busy="true">
          <p className="visually-hidden" role="status">
            Loading profile…
          </p>
          <Skeleton height="18rem" radius="lg" />
        </div>
      ) : designer.isError ? (
        <EmptyState
          headingLevel="h1"
          icon={<CircleUser />}
          title={
            isApiError(designer.error) && designer.error.status === 404
              ? 'This profile is not available'
              : 'The profile could not be loaded'
          }
          description={errorMessage(designer.error)}
          action={
            <Button asChild>
              <Link to="/browse-designers">Browse designers</Link>
            </Button>
          }
        />
      ) : (
        <DesignerProfileView designer={designer.data} />
      )}
    </div>
  );
}
