import { Link } from 'react-router';
import { Sparkles } from 'lucide-react';
import { Button, EmptyState } from '../../../components/ui';

function ResultsEmptyState({ fresh }: { fresh: boolean }) {
  return (
    <div className="page">
      <title>{fresh ? 'New design results · Facet' : 'Design results · Facet'}</title>
      <EmptyState
        headingLevel="h1"
        icon={<Sparkles />}
        eyebrow="Design results"
        title={fresh ? 'No new designs yet' : 'No design results yet'}
        description="Designs generated from your ideas gather here, ready to compare, save, price and send to a CAD designer. Start a design to see your first results."
        action={
          <>
            <Button asChild>
              <Link to="/design">Start a design</Link>
            </Button>
            <Button variant="secondary" asChild>
              <Link to="/projects">See your projects</Link>
            </Button>
          </>
        }
      />
    </div>
  );
}

export function DesignResultsPage() {
  return <ResultsEmptyState fresh={false} />;
}

export function NewDesignResultsPage() {
  return <ResultsEmptyState fresh />;
}
