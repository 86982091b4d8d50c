import { Link } from 'react-router';
import { FileUp } from 'lucide-react';
import { Button, EmptyState } from '../../../components/ui';
import { UpcomingList } from '../../../components/layout/upcoming-list';

export function ProduceStepsPage() {
  return (
    <div className="page">
      <title>Upload a model · Facet</title>
      <EmptyState
        headingLevel="h1"
        icon={<FileUp />}
        eyebrow="Produce · Upload"
        title="Upload a 3D model"
        description="This is where you drop an STL, OBJ, PLY or 3MF file, see it in 3D in your chosen metal and get an itemised price. The uploader is being finished; meanwhile a CAD designer can prepare your model."
        action={
          <>
            <Button asChild>
              <Link to="/browse-designers">Find a CAD designer</Link>
            </Button>
            <Button variant="secondary" asChild>
              <Link to="/produce">Back to produce</Link>
            </Button>
          </>
        }
      >
        <UpcomingList
          title="The steps"
          items={[
            'Upload and check the model (watertight, size, units)',
            'Pick metal, polish and plating',
            'Add assembly or laser engraving',
            'Set the quantity and see the price',
          ]}
        />
      </EmptyState>
    </div>
  );
}
