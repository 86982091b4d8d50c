import { Link, useParams } from 'react-router';
import { FolderOpen } from 'lucide-react';
import { Button, EmptyState } from '../../../components/ui';

export function ProjectPage() {
  const { id = '' } = useParams();
  return (
    <div className="page">
      <title>Project · Facet</title>
      <EmptyState
        headingLevel="h1"
        icon={<FolderOpen />}
        eyebrow={`Project ${id}`}
        title="This project is not open yet"
        description="The project workspace brings the model viewer, the project team, offers and the chat together on one screen. This project has nothing to show yet."
        action={
          <Button asChild>
            <Link to="/projects">Back to projects</Link>
          </Button>
        }
      />
    </div>
  );
}
