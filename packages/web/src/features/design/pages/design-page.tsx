import { Link } from 'react-router';
import { PenTool } from 'lucide-react';
import { Button, EmptyState } from '../../../components/ui';
import { UpcomingList } from '../../../components/layout/upcoming-list';

export function DesignPage() {
  return (
    <div className="page">
      <title>Design · Facet</title>
      <EmptyState
        headingLevel="h1"
        icon={<PenTool />}
        eyebrow="Design"
        title="Design a piece from an idea"
        description="The design studio will walk you through type, metal, stones and style, then turn your description into designs you can refine with a CAD designer. Until it opens, start from a 3D model or invite a designer."
        action={
          <>
            <Button asChild>
              <Link to="/produce/steps">Upload a 3D model</Link>
            </Button>
            <Button variant="secondary" asChild>
              <Link to="/browse-designers">Find a CAD designer</Link>
            </Button>
          </>
        }
      >
        <UpcomingList
          title="What you will do here"
          items={[
            'Choose a piece: ring, necklace, earring or bracelet',
            'Describe the idea in your own words',
            'Pick metal, polish and plating',
            'Get AI design proposals (uses credits)',
            'Send a favourite to a CAD designer',
            'See an instant price estimate',
          ]}
        />
      </EmptyState>
    </div>
  );
}
