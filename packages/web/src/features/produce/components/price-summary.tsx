import { ShoppingBag } from 'lucide-react';
import { Button, Skeleton, Spinner } from '../../../components/ui';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { formatMoney } from '@facet/domain/format';
import { describeSpot } from '@facet/domain/pricing';
import { formatWeight } from '../lib/format';
import type { Quote } from '../lib/types';
import { fixedChargesNote, type FixedCharges } from '../lib/fixed-charges';

/** The price components in the spec's order (section 3: price), with their labels. */
export const PRICE_LINES = [
  ['castPrice', 'Casting'],
  ['threeDPrintingPrice', '3D printing'],
  ['polishLaborPrice', 'Polish labour'],
  ['platingPrice', 'Plating'],
  ['assemblyOptionPrice', 'Assembly'],
  ['laserEngravingOptionPrice', 'Laser engraving'],
  ['fixedCostPrice', 'Set-up (shared over the order)'],
] as const satisfies readonly (readonly [keyof Quote, string])[];

export type PriceSummaryProps = {
  quote: Quote | undefined;
  /** A change is waiting for its 500 ms, or a new price is on its way. */
  updating: boolean;
  error: unknown;
  /** The quantity cannot be priced (the form says why). */
  blocked: boolean;
  materialName: string | undefined;
  /** The chosen material's fixed charges, explained under the breakdown. */
  fixedCharges?: FixedCharges | undefined;
  /** Adds the piece as configured to the cart (the server prices it again). */
  onAddToCart?: () => void;
  adding?: boolean;
};

/** The live itemised price: per-piece components, price per piece, total and the weight in the metal. */
export function PriceSummary({
  quote,
  updating,
  error,
  blocked,
  materialName,
  fixedCharges,
  onAddToCart,
  adding = false,
}: PriceSummaryProps) {
  const stale = updating || blocked;
  return (
    <section className="produce-card price-card" aria-labelledby="price-title" aria-busy={updating}>
      <div className="price-card__head">
        <h2 id="price-title" className="produce-card__title">
          Price
        </h2>
        {updating ? (
          <span className="price-card__updating">
            <Spinner size="sm" label={null} /> Updating…
          </span>
        ) : null}
      </div>
      {error && !blocked ? (
        <p className="price-card__error" role="alert">
          {isApiError(error) ? error.message : errorMessage(error)}
        </p>
      ) : !quote ? (
        <div className="price-card__loading" aria-label="Loading the price">
          <Skeleton height="1rem" />
          <Skeleton height="1rem" width="80%" />
          <Skeleton height="2rem" width="50%" />
        </div>
      ) : (
        <div
          className={stale ? 'price-card__body price-card__body--stale' : 'price-card__body'}
          data-testid="price"
        >
          <p className="price-card__weight">
            Weight in {materialName ?? 'this material'}:{' '}
            <strong data-testid="weight">{formatWeight(quote.weightGrams)}</strong>
          </p>
          {quote.spot ? (
            <p className="price-card__spot" data-testid="spot">
              {describeSpot(quote.spot)}, locked
            </p>
          ) : null}
          <table className="price-table">
            <caption className="visually-hidden">Price per piece, itemised</caption>
            <tbody>
              {PRICE_LINES.filter(
                ([key]) => quote[key] !== 0 || key === 'castPrice' || key === 'polishLaborPrice',
              ).map(([key, label]) => (
                <tr key={key} data-line={key}>
                  <th scope="row">{label}</th>
                  <td>{formatMoney(quote[key])}</td>
                </tr>
              ))}
              <tr className="price-table__sub">
                <th scope="row">Price per piece</th>
                <td>{formatMoney(quote.pricePerPiece)}</td>
              </tr>
            </tbody>
          </table>
          {fixedCharges && fixedChargesNote(quote, fixedCharges) ? (
            <p className="price-card__fixed" data-testid="fixed-charges">
              {fixedChargesNote(quote, fixedCharges)}
            </p>
          ) : null}
          <p className="price-card__total">
            <span>
              Total for {quote.quantity.toLocaleString('en-US')} {quote.quantity === 1 ? 'piece' : 'pieces'}
            </span>
            <strong data-testid="total-price">{formatMoney(quote.totalPrice)}</strong>
          </p>
        </div>
      )}
      <div className="price-card__cart">
        <Button
          fullWidth
          loading={adding}
          disabled={!onAddToCart || blocked || !quote || Boolean(error)}
          onClick={onAddToCart}
        >
          <ShoppingBag aria-hidden="true" /> Add to cart
        </Button>
        <p className="price-card__note">
          The price is held for 7 days in your cart. Your configuration stays here with this model.
        </p>
      </div>
    </section>
  );
}
