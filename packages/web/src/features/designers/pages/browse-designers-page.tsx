import { Link } from 'react-router';
import { UserSearch } from 'lucide-react';
import { Button, EmptyState } from '../../../components/ui';
import { UpcomingList } from '../../../components/layout/upcoming-list';

export function BrowseDesignersPage() {
  return (
    <div className="page">
      <title>Browse designers · Facet</title>
      <EmptyState
        headingLevel="h1"
        icon={<UserSearch />}
        eyebrow="Browse designers"
        title="Meet our CAD designers"
        description="Every designer and service provider on Facet is reviewed by our production team. Their cards, with skills, ratings, response rate and portfolio, will be listed here to invite to your projects."
        action={
          <>
            <Button asChild>
              <Link to="/produce/steps">Start a project</Link>
            </Button>
            <Button variant="secondary" asChild>
              <Link to="/explore">How Facet works</Link>
            </Button>
          </>
        }
      >
        <UpcomingList
          title="On each designer card"
          items={[
            'Specialties and software',
            'Rating and completed projects',
            'Response rate',
            'Portfolio pieces',
          ]}
        />
      </EmptyState>
    </div>
  );
}
