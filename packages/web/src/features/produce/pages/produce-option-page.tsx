import { Link, useParams } from 'react-router';
import { Factory } from 'lucide-react';
import { Button, EmptyState } from '../../../components/ui';

export function ProduceOptionPage() {
  const { option = '' } = useParams();
  const name = option.replace(/[-_]+/g, ' ');
  return (
    <div className="page">
      <title>Produce · Facet</title>
      <EmptyState
        headingLevel="h1"
        icon={<Factory />}
        eyebrow="Produce"
        title={name ? `Produce: ${name}` : 'Produce'}
        description="This production option has no settings to show yet. Start from your own model or the design library instead."
        action={
          <>
            <Button asChild>
              <Link to="/produce/steps">Upload a 3D model</Link>
            </Button>
            <Button variant="secondary" asChild>
              <Link to="/produce">All production options</Link>
            </Button>
          </>
        }
      />
    </div>
  );
}
