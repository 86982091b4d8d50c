import { formatDate } from '@facet/domain/format';
import { escapeHtml } from '../../platform/html';
import { htmlPage } from '../../platform/payments/html-page';
import { orderNumber, type OrderItemRow, type OrderRow } from './orders.views';

/** The workshop's printable job sheet of one ordered item (staff). */

type Config = Record<string, unknown>;

const obj = (v: unknown): Config => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Config) : {});

/** A choice as the cart stored it: a name, or an object with a name or label. */
function choice(v: unknown): string | null {
  if (typeof v === 'string' && v.trim()) return v;
  if (typeof v === 'number') return String(v);
  const o = obj(v);
  for (const key of ['name', 'label', 'title', 'code'])
    if (typeof o[key] === 'string') return o[key] as string;
  return null;
}

function firstOf(config: Config, ...paths: string[][]): unknown {
  for (const path of paths) {
    let v: unknown = config;
    for (const key of path) v = obj(v)[key];
    if (v !== undefined && v !== null && v !== '') return v;
  }
  return null;
}

/** What the sheet shows of an item's configuration (the cart's names or the spec's). */
export function jobSheetFields(item: Pick<OrderItemRow, 'configuration' | 'quantity'>) {
  const c = item.configuration;
  const weight = firstOf(c, ['weightG'], ['weight'], ['dimensions', 'weightG'], ['dimensions', 'weight']);
  const engraving = obj(firstOf(c, ['engraving'], ['laserEngraving']));
  const subItems = firstOf(c, ['assemblySubItems'], ['assembly', 'subItems']);
  return {
    metal: choice(firstOf(c, ['material'], ['metal'])),
    weight: typeof weight === 'number' ? `${weight.toFixed(2)} g` : choice(weight),
    finishing:
      [choice(firstOf(c, ['polish'])), choice(firstOf(c, ['plating']))].filter(Boolean).join(' · ') || null,
    assembly: choice(firstOf(c, ['assemblyOption'], ['assembly'])),
    subItems: Array.isArray(subItems) ? subItems.map((s) => choice(s) ?? '').filter(Boolean) : [],
    engravingText: choice(engraving.text ?? firstOf(c, ['laserCustomText'])),
    engravingFont: choice(engraving.font ?? firstOf(c, ['laserFont'])),
    engravingImage:
      typeof engraving.image === 'string' && engraving.image.startsWith('/api/engraving-images/')
        ? engraving.image
        : null,
    quantity: item.quantity,
  };
}

export function jobSheetHtml(
  order: OrderRow,
  item: OrderItemRow,
  links: { thumbnail: string | null; modelFile: string | null },
) {
  const f = jobSheetFields(item);
  const row = (label: string, value: string | null) =>
    `<tr><td>${escapeHtml(label)}</td><td class="num"><strong>${value ? escapeHtml(value) : '—'}</strong></td></tr>`;
  const image = links.thumbnail
    ? `<img src="${escapeHtml(links.thumbnail)}" alt="${escapeHtml(item.title)}" style="width:100%;max-height:260px;object-fit:contain;background:#f4efe6;border-radius:12px;margin:12px 0">`
    : '<p class="muted">No thumbnail.</p>';
  const file = links.modelFile
    ? `<a href="${escapeHtml(links.modelFile)}">${escapeHtml(item.fileName ?? 'Model file')}</a>`
    : escapeHtml(item.fileName ?? '—');
  return htmlPage(
    `Job sheet ${orderNumber(order.id)}-${item.position + 1}`,
    `<div class="card"><div class="muted">Job sheet · Order ${escapeHtml(orderNumber(order.id))} · item ${item.position + 1}</div>
<h1>${escapeHtml(item.title)}</h1>${image}
<table>
<tr><td>Model file</td><td class="num">${file}</td></tr>
${row('Metal', f.metal)}
${row('Weight', f.weight)}
${row('Finishing', f.finishing)}
${f.assembly ? row('Assembly', [f.assembly, ...f.subItems].join(', ')) : ''}
${row('Engraving text', f.engravingText)}
${row('Engraving font', f.engravingFont)}
${
  f.engravingImage
    ? `<tr><td>Engraving image</td><td class="num"><a href="${escapeHtml(f.engravingImage)}"><img src="${escapeHtml(f.engravingImage)}" alt="Engraving image" style="max-width:160px;max-height:120px;object-fit:contain"></a></td></tr>`
    : ''
}
${row('Quantity', String(f.quantity))}
${row('Promised by', order.promisedAt ? formatDate(order.promisedAt) : null)}
</table>
<p class="muted noprint">Print this page for the workshop.</p></div>`,
    'Workshop',
  );
}
