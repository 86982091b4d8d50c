import { Link, useParams } from 'react-router';
import { ReceiptText } from 'lucide-react';
import { Button, EmptyState } from '../../../components/ui';

export function OrderDetailsPage() {
  const { id = '' } = useParams();
  return (
    <div className="page">
      <title>Order details · Facet</title>
      <EmptyState
        headingLevel="h1"
        icon={<ReceiptText />}
        eyebrow={`Order ${id}`}
        title="We could not find this order"
        description="Order details show each item, its production timeline, the promised date and delivery tracking. There is no order with this number on your account yet."
        action={
          <Button asChild>
            <Link to="/orders">Back to orders</Link>
          </Button>
        }
      />
    </div>
  );
}
