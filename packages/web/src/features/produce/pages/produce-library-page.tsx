import { Link } from 'react-router';
import { Library } from 'lucide-react';
import { Button, EmptyState } from '../../../components/ui';

export function ProduceLibraryPage() {
  return (
    <div className="page">
      <title>Design library · Facet</title>
      <EmptyState
        headingLevel="h1"
        icon={<Library />}
        eyebrow="Produce · Library"
        title="Your design library is empty"
        description="Finished designs from your projects and the Facet collection will be listed here, ready to configure and order. Upload a model to produce something today."
        action={
          <>
            <Button asChild>
              <Link to="/produce/steps">Upload a 3D model</Link>
            </Button>
            <Button variant="secondary" asChild>
              <Link to="/produce">Back to produce</Link>
            </Button>
          </>
        }
      />
    </div>
  );
}
