import { Link } from 'react-router';
import { ShoppingBag } from 'lucide-react';
import { Button, EmptyState } from '../../../components/ui';

export function CartPage() {
  return (
    <div className="page">
      <title>Cart · Facet</title>
      <EmptyState
        headingLevel="h1"
        icon={<ShoppingBag />}
        eyebrow="Cart"
        title="Your cart is empty"
        description="Pieces you configure for production, with their metal, finish and quantity, wait here until you check out."
        action={
          <Button asChild>
            <Link to="/produce">Start producing</Link>
          </Button>
        }
      />
    </div>
  );
}
