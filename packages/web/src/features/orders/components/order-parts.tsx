import { Package } from 'lucide-react';
import { formatDate } from '@facet/domain/format';
import type { Order, OrderItem, OrderSummary } from '../api/orders';

/** Small pieces the orders pages share: badges, the lateness text, thumbnails, an item's configuration. */

const STATUS_LABELS: Record<OrderSummary['status'], string> = {
  awaiting_payment: 'Awaiting payment',
  active: 'In production',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export function StageBadge({ order }: { order: Pick<OrderSummary, 'status' | 'stageName'> }) {
  const tone =
    order.status === 'cancelled'
      ? 'muted'
      : order.status === 'delivered'
        ? 'success'
        : order.status === 'awaiting_payment'
          ? 'muted'
          : 'gold';
  return (
    <span className={`order-badge order-badge--${tone}`} data-testid="order-stage">
      {order.stageName ?? STATUS_LABELS[order.status]}
    </span>
  );
}

/** The spec's lateness text, coloured: late in red, on track or early in green. */
export function Lateness({ text }: { text: string | null }) {
  if (!text) return null;
  const late = / Late$/.test(text);
  return (
    <span className={`order-lateness order-lateness--${late ? 'late' : 'ok'}`} data-testid="order-lateness">
      {text}
    </span>
  );
}

export function Thumb({ url, size = 'md' }: { url: string | null; size?: 'md' | 'lg' }) {
  return (
    <div className={`order-thumb order-thumb--${size}`} aria-hidden="true">
      {url ? <img src={url} alt="" /> : <Package />}
    </div>
  );
}

export const promised = (order: Pick<OrderSummary, 'promisedDate'>) =>
  order.promisedDate ? formatDate(order.promisedDate) : '—';

const LABELS: Record<string, string> = {
  material: 'Metal',
  metal: 'Metal',
  polish: 'Polish',
  plating: 'Plating',
  assemblyOption: 'Assembly',
  assemblySubItems: 'Assembly parts',
  itemType: 'Item type',
  productType: 'Product type',
};

function text(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    const parts = value.map(text).filter(Boolean);
    return parts.length ? parts.join(', ') : null;
  }
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    for (const key of ['name', 'label', 'title']) if (typeof o[key] === 'string') return o[key] as string;
  }
  return null;
}

const round = (n: unknown, unit: string) =>
  typeof n === 'number' ? `${n.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${unit}` : null;

/** An item's choices as label/value rows (the cart's names; unknown keys left out). */
export function configurationRows(item: Pick<OrderItem, 'configuration'>): [string, string][] {
  const c = item.configuration;
  const rows: [string, string][] = [];
  for (const [key, label] of Object.entries(LABELS)) {
    const value = text(c[key]);
    if (value && !rows.some(([l]) => l === label)) rows.push([label, value]);
  }
  const engraving = (c.engraving ?? c.laserEngraving ?? null) as Record<string, unknown> | null;
  if (engraving && typeof engraving === 'object' && text(engraving.text)) {
    rows.push([
      'Engraving',
      `“${text(engraving.text)}”${text(engraving.font) ? ` in ${text(engraving.font)}` : ''}`,
    ]);
  }
  const d = (c.dimensions ?? {}) as Record<string, unknown>;
  const weight = round(d.weightG ?? c.weightG, 'g');
  if (weight) rows.push(['Weight', weight]);
  const volume = round(d.volumeMm3 ?? c.volumeMm3, 'mm³');
  if (volume) rows.push(['Volume', volume]);
  const area = round(d.surfaceAreaMm2 ?? c.surfaceAreaMm2, 'mm²');
  if (area) rows.push(['Surface area', area]);
  return rows;
}

/** The engraving picture the customer sent with an item, when there is one (its own download route). */
export function engravingImageOf(item: Pick<OrderItem, 'configuration'>): string | null {
  const engraving = (item.configuration.engraving ?? item.configuration.laserEngraving ?? null) as Record<
    string,
    unknown
  > | null;
  const image = engraving?.image;
  return typeof image === 'string' && image.startsWith('/api/engraving-images/') ? image : null;
}

export const placed = (order: Pick<Order, 'paidAt' | 'createdAt'>) =>
  formatDate(order.paidAt ?? order.createdAt);
