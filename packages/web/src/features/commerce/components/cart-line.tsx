import { describeSpot } from '@facet/domain/pricing';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, Gem, Lock, Trash2 } from 'lucide-react';
import { formatDate, formatMoney } from '@facet/domain/format';
import { Button, Field, Input, Spinner } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { PRICE_LINES } from '../../produce/components/price-summary';
import { parseQuantity } from '../../produce/lib/configuration';
import { useRemoveLine, useUpdateLine, type CartLine } from '../api/cart';

/** Wait after the last keystroke before asking the server for the new quantity's price. */
const QUANTITY_DEBOUNCE_MS = 500;

const pieces = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'piece' : 'pieces'}`;

/** Material, finish, plating, assembly and engraving as the server quoted them. */
export function lineSummary(line: CartLine): string[] {
  const c = line.configuration;
  const parts = [c.material.name, c.polish.name];
  if (c.plating.applied) parts.push(`${c.plating.name} plating`);
  if (c.assemblyOption.subItems.length > 0 || c.assemblyOption.parts > 1) {
    const subs = c.assemblyOption.subItems.map((s) => s.name).join(', ');
    parts.push(
      `${c.assemblyOption.name}${c.assemblyOption.parts > 1 ? ` × ${c.assemblyOption.parts} parts` : ''}${subs ? ` (${subs})` : ''}`,
    );
  }
  if (c.laserEngraving.text) {
    parts.push(
      `Engraved “${c.laserEngraving.text}”${c.laserEngraving.font ? ` in ${c.laserEngraving.font.name}` : ''}`,
    );
  }
  if (c.laserEngraving.image) parts.push('With your engraving image');
  return parts;
}

function Quantity({ line }: { line: CartLine }) {
  const update = useUpdateLine();
  const [text, setText] = useState(String(line.quantity));
  const [refusal, setRefusal] = useState<string | null>(null);
  // the server's answer is the quantity: a new one replaces what was typed
  const [shown, setShown] = useState(line.quantity);
  if (shown !== line.quantity) {
    setShown(line.quantity);
    setText(String(line.quantity));
  }
  const parsed = parseQuantity(text, 1);
  const wanted = parsed.ok ? parsed.quantity : null;
  const problem = parsed.ok ? refusal : parsed.message;
  const { mutate } = update;

  useEffect(() => {
    if (wanted === null || wanted === line.quantity) return;
    const timer = setTimeout(
      () =>
        mutate({ id: line.id, patch: { quantity: wanted } }, { onError: (e) => setRefusal(errorMessage(e)) }),
      QUANTITY_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [wanted, line.id, line.quantity, mutate]);

  return (
    <div className="cart-line__quantity">
      <Field label="Quantity" error={problem}>
        <Input
          inputMode="numeric"
          value={text}
          onChange={(e) => {
            setRefusal(null);
            setText(e.target.value);
          }}
          aria-label={`Quantity of ${line.title}`}
        />
      </Field>
      {update.isPending ? (
        <span className="cart-line__updating" role="status">
          <Spinner size="sm" label={null} /> Updating…
        </span>
      ) : null}
    </div>
  );
}

/** One line of the cart: the piece, its configuration, quantity, price lock and any changed price. */
export function CartLineCard({ line }: { line: CartLine }) {
  const remove = useRemoveLine();
  const acknowledge = useUpdateLine();
  const c = line.configuration;
  return (
    <article
      className={line.priceChanged ? 'cart-line cart-line--changed' : 'cart-line'}
      aria-label={line.title}
    >
      <div className="cart-line__thumb" aria-hidden="true">
        {line.thumbnailUrl ? <img src={line.thumbnailUrl} alt="" /> : <Gem />}
      </div>
      <div className="cart-line__body">
        <div className="cart-line__head">
          <div>
            <h2 className="cart-line__title">
              <Link to={`/produce/steps?model=${encodeURIComponent(line.modelId)}`}>{line.title}</Link>
            </h2>
            <p className="cart-line__meta">
              {line.source === 'library' ? 'Library design · ' : ''}
              {line.fileName}
            </p>
          </div>
          <Button
            variant="ghost"
            size="sm"
            loading={remove.isPending}
            onClick={() => remove.mutate(line.id)}
            aria-label={`Remove ${line.title}`}
          >
            <Trash2 aria-hidden="true" /> Remove
          </Button>
        </div>
        <p className="cart-line__config">{lineSummary(line).join(' · ')}</p>
        <p className="cart-line__meta">
          Surface {Math.round(c.surfaceAreaMm2).toLocaleString('en-US')} mm² · Volume{' '}
          {c.volumeMm3.toLocaleString('en-US', { maximumFractionDigits: 1 })} mm³ · {c.weightGrams.toFixed(2)}{' '}
          g each
        </p>
        {line.priceChanged ? (
          <div className="cart-line__changed" role="alert">
            <AlertTriangle aria-hidden="true" />
            <p>
              The price changed: was <s>{formatMoney(line.previousTotalCents ?? 0)}</s>, now{' '}
              <strong>{formatMoney(line.totalCents)}</strong>.
            </p>
            <Button
              size="sm"
              variant="secondary"
              loading={acknowledge.isPending}
              onClick={() => acknowledge.mutate({ id: line.id, patch: { acknowledgePriceChange: true } })}
            >
              OK, keep it
            </Button>
          </div>
        ) : null}
        {line.problem ? (
          <p className="form-error" role="alert">
            {line.problem}
          </p>
        ) : null}
        <div className="cart-line__foot">
          <Quantity line={line} />
          <div className="cart-line__price">
            <span className="cart-line__each">{formatMoney(line.unitPriceCents)} each</span>
            <strong data-testid="line-total">{formatMoney(line.totalCents)}</strong>
            <span className="cart-line__lock">
              <Lock aria-hidden="true" /> Price held until {formatDate(line.lockedUntil)}
            </span>
            {line.breakdown.spot ? (
              <span className="cart-line__spot" data-testid="line-spot">
                {describeSpot(line.breakdown.spot)}, locked
              </span>
            ) : null}
          </div>
        </div>
        <details className="cart-line__details">
          <summary>Price breakdown per piece</summary>
          <table className="price-table">
            <tbody>
              {PRICE_LINES.filter(([key]) => line.breakdown[key] !== 0).map(([key, label]) => (
                <tr key={key}>
                  <th scope="row">{label}</th>
                  <td>{formatMoney(line.breakdown[key])}</td>
                </tr>
              ))}
              <tr className="price-table__sub">
                <th scope="row">Total for {pieces(line.quantity)}</th>
                <td>{formatMoney(line.totalCents)}</td>
              </tr>
            </tbody>
          </table>
        </details>
      </div>
    </article>
  );
}
