import { Link } from 'react-router';
import { ShoppingBag } from 'lucide-react';
import { Button, EmptyState, Skeleton } from '../../../components/ui';
import { useCart } from '../api/cart';
import { CartLineCard } from '../components/cart-line';
import { CartTotals } from '../components/cart-summary';
import { CartLoadError } from '../components/cart-load-error';
import './commerce.css';

function EmptyCart() {
  return (
    <EmptyState
      headingLevel="h1"
      icon={<ShoppingBag />}
      eyebrow="Cart"
      title="Your cart is empty"
      description="Upload a 3D model or pick a design from the library, choose its metal, finish and quantity, then add it to your cart. Prices are held for 7 days."
      action={
        <>
          <Button asChild>
            <Link to="/produce/steps">Upload a model</Link>
          </Button>
          <Button variant="secondary" asChild>
            <Link to="/produce/design">Browse the library</Link>
          </Button>
        </>
      }
    />
  );
}

/** /cart: the server-side cart, every price from the server; quantities re-price live. */
export function CartPage() {
  const cart = useCart();
  if (cart.isError) {
    return <CartLoadError title="Cart" error={cart.error} retry={() => void cart.refetch()} />;
  }
  if (!cart.data) {
    return (
      <div className="page" aria-busy="true">
        <title>Cart · Facet</title>
        <Skeleton height="2rem" width="12rem" />
        <div className="cart-layout">
          <Skeleton height="12rem" radius="lg" />
          <Skeleton height="12rem" radius="lg" />
        </div>
      </div>
    );
  }
  const data = cart.data;
  if (data.count === 0) {
    return (
      <div className="page">
        <title>Cart · Facet</title>
        <EmptyCart />
      </div>
    );
  }
  const changed = data.items.filter((l) => l.priceChanged).length;
  const pieces = data.items.reduce((n, l) => n + l.quantity, 0);
  const blocked = data.items.some((l) => l.problem);
  return (
    <div className="page">
      <title>{`Cart (${data.count}) · Facet`}</title>
      <div className="page__header">
        <div>
          <p className="eyebrow">Cart</p>
          <h1 className="page__title">Your cart</h1>
          <p className="page__lead">
            {data.count} {data.count === 1 ? 'item' : 'items'}, {pieces.toLocaleString('en-US')}{' '}
            {pieces === 1 ? 'piece' : 'pieces'} to produce. Each price is held for {data.priceLockDays} days
            from when it was quoted.
          </p>
        </div>
      </div>
      <div className="cart-layout">
        <section className="cart-lines" aria-label="Cart lines">
          {data.items.map((line) => (
            <CartLineCard key={line.id} line={line} />
          ))}
        </section>
        <aside className="cart-summary" aria-labelledby="summary-title">
          <h2 id="summary-title" className="cart-summary__title">
            Summary
          </h2>
          <CartTotals
            subtotalCents={data.subtotalCents}
            shippingLabel={`Shipping (${data.shippingMethods[0]?.name ?? 'Standard'}, estimate)`}
            shippingCents={data.shippingEstimateCents}
            totalCents={data.totalCents}
          />
          {changed > 0 ? (
            <p className="cart-summary__note" role="status">
              {changed === 1 ? 'A price changed' : `${changed} prices changed`} since you added{' '}
              {changed === 1 ? 'it' : 'them'}. Check and confirm before checking out.
            </p>
          ) : null}
          {changed > 0 || blocked ? (
            <Button fullWidth disabled>
              Check out
            </Button>
          ) : (
            <Button fullWidth asChild>
              <Link to="/checkout">Check out</Link>
            </Button>
          )}
          <Button variant="ghost" fullWidth asChild>
            <Link to="/produce">Continue producing</Link>
          </Button>
        </aside>
      </div>
    </div>
  );
}
