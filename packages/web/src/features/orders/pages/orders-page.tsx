import { Link } from 'react-router';
import { Package } from 'lucide-react';
import { Button, EmptyState } from '../../../components/ui';
import { UpcomingList } from '../../../components/layout/upcoming-list';

export function OrdersPage() {
  return (
    <div className="page">
      <title>Orders · Facet</title>
      <EmptyState
        headingLevel="h1"
        icon={<Package />}
        eyebrow="Orders"
        title="No orders yet"
        description="After checkout each piece is followed here through our workshop, with a promised delivery date and whether it is on track."
        action={
          <Button asChild>
            <Link to="/produce">Produce a piece</Link>
          </Button>
        }
      >
        <UpcomingList
          title="Production stages you will follow"
          items={[
            'Received',
            'Processing',
            '3D printing',
            'Casting',
            'Polish',
            'Final quality check',
            'Delivery',
          ]}
        />
      </EmptyState>
    </div>
  );
}
