import { Link, useParams } from 'react-router';
import { CircleUser } from 'lucide-react';
import { Button, EmptyState } from '../../../components/ui';

export function DesignerProfilePage() {
  const { id = '' } = useParams();
  return (
    <div className="page">
      <title>Designer profile · Facet</title>
      <EmptyState
        headingLevel="h1"
        icon={<CircleUser />}
        eyebrow="Designer profile"
        title="This profile is not available"
        description={`A designer's profile shows their bio, skills, software, portfolio and reviews. The profile ${id ? `“${id}” ` : ''}cannot be shown yet.`}
        action={
          <Button asChild>
            <Link to="/browse-designers">Browse designers</Link>
          </Button>
        }
      />
    </div>
  );
}
