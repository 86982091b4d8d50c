import { Link } from 'react-router';
import { CreditCard } from 'lucide-react';
import { Button, EmptyState } from '../../../components/ui';

export function CheckoutPage() {
  return (
    <div className="page">
      <title>Checkout · Facet</title>
      <EmptyState
        headingLevel="h1"
        icon={<CreditCard />}
        eyebrow="Checkout"
        title="Nothing to check out yet"
        description="Checkout shows your shipping address, the itemised total and secure payment once your cart has a piece in it."
        action={
          <>
            <Button asChild>
              <Link to="/cart">Go to your cart</Link>
            </Button>
            <Button variant="secondary" asChild>
              <Link to="/produce">Start producing</Link>
            </Button>
          </>
        }
      />
    </div>
  );
}
