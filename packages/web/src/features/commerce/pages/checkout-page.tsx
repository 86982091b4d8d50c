import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AlertTriangle, CreditCard } from 'lucide-react';
import { Button, EmptyState, Skeleton } from '../../../components/ui';
import { useAuth } from '../../../app/auth';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useCart, useCheckout, type CheckoutRequest } from '../api/cart';
import { CheckoutForm } from '../components/checkout-form';
import { CartLoadError } from '../components/cart-load-error';
import './commerce.css';

const newKey = () => `checkout-${crypto.randomUUID()}`;

/** /checkout: shipping, method, summary, Pay → the gateway's hosted page (one Idempotency-Key per attempt). */
export function CheckoutPage() {
  const { user, isLoading } = useAuth();
  const cart = useCart();
  const checkout = useCheckout();
  const [params] = useSearchParams();
  const cancelled = params.get('cancelled') === '1';
  // one key per attempt: a double click or a retry after a lost answer places one order
  const key = useRef(newKey());
  const [refusal, setRefusal] = useState<{ message: string; pricesChanged: boolean } | null>(null);

  const pay = async (body: CheckoutRequest) => {
    setRefusal(null);
    try {
      const { checkoutUrl } = await checkout.mutateAsync({ body, key: key.current });
      window.location.assign(checkoutUrl);
    } catch (error) {
      const pricesChanged = isApiError(error) && error.code === 'prices_changed';
      // the server refused this attempt (not a lost answer): the next one is a new attempt
      if (isApiError(error) && error.status < 500) key.current = newKey();
      setRefusal({ message: errorMessage(error), pricesChanged });
      throw error;
    }
  };

  if (cart.isError) {
    return <CartLoadError title="Checkout" error={cart.error} retry={() => void cart.refetch()} />;
  }
  if (!cart.data || isLoading) {
    return (
      <div className="page" aria-busy="true">
        <title>Checkout · Facet</title>
        <Skeleton height="20rem" radius="lg" />
      </div>
    );
  }
  if (cart.data.count === 0) {
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
  return (
    <div className="page">
      <title>Checkout · Facet</title>
      <div className="page__header">
        <div>
          <p className="eyebrow">Checkout</p>
          <h1 className="page__title">Checkout</h1>
          <p className="page__lead">Where should we send your pieces?</p>
        </div>
      </div>
      {cancelled ? (
        <p className="checkout-status" role="status">
          Payment cancelled. Nothing was charged.
        </p>
      ) : null}
      {refusal ? (
        <div className="produce-error" role="alert">
          <AlertTriangle aria-hidden="true" />
          <p>{refusal.message}</p>
          {refusal.pricesChanged ? (
            <Button variant="secondary" size="sm" asChild>
              <Link to="/cart">Review the new prices</Link>
            </Button>
          ) : null}
        </div>
      ) : null}
      <CheckoutForm cart={cart.data} user={user} paying={checkout.isPending} onPay={pay} />
    </div>
  );
}
