import { Link } from 'react-router';
import { FolderKanban } from 'lucide-react';
import { useAuth } from '../../../app/auth';
import { Button, EmptyState } from '../../../components/ui';
import { UpcomingList } from '../../../components/layout/upcoming-list';

export function ProjectsPage() {
  const { user } = useAuth();
  const customer = user?.role === 'customer';
  return (
    <div className="page">
      <title>Projects · Facet</title>
      {customer ? (
        <EmptyState
          headingLevel="h1"
          icon={<FolderKanban />}
          eyebrow="Projects"
          title="No projects yet"
          description="A project holds one piece from model to delivery: the designers you invite, their offers, payment, chat and files. Upload a model or start a design to open your first one."
          action={
            <>
              <Button asChild>
                <Link to="/produce/steps">Upload a 3D model</Link>
              </Button>
              <Button variant="secondary" asChild>
                <Link to="/browse-designers">Browse designers</Link>
              </Button>
            </>
          }
        >
          <UpcomingList
            title="Each project shows"
            items={[
              'Status from invitation to delivery',
              'Offers with price and lead time',
              'Chat with your designer and our team',
              'Files, changes and ratings',
            ]}
          />
        </EmptyState>
      ) : (
        <EmptyState
          headingLevel="h1"
          icon={<FolderKanban />}
          eyebrow="Projects"
          title="No projects yet"
          description="When a customer invites you, the project appears here. You read the brief, chat with the customer and answer with your price and lead time."
          action={
            <Button asChild>
              <Link to="/designer-dashboard/profile">Polish your profile</Link>
            </Button>
          }
        />
      )}
    </div>
  );
}
