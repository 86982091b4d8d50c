import { useState } from 'react';
import { Card, Select, Skeleton } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCatalog } from '../../produce/api/get-catalog';
import { useEstimate } from '../api/get-estimate';
import { formatMoney } from '@facet/domain/format';

/** Spec section 9: the estimate is requested 500 ms after the material changes. */
export const ESTIMATE_DELAY_MS = 500;

/** Estimated Production Costs card (spec section 2): the customer's view of an item with a 3D model. */
export function EstimatedCostsCard({ modelId, itemType }: { modelId: string; itemType: string | null }) {
  const catalog = useCatalog();
  const [materialId, setMaterialId] = useState<number | null>(null);
  const requested = useDebouncedValue(materialId, ESTIMATE_DELAY_MS);
  const estimate = useEstimate({ modelId, itemType, materialId: requested });
  const materials = (catalog.data?.materials ?? []).filter((m) => !m.isDisabled);
  const shown = materialId ?? estimate.data?.materialId ?? null;

  return (
    <Card as="section" tone="outline" className="team-card" aria-labelledby="estimate-title">
      <h2 id="estimate-title" className="team-card__title">
        Estimated Production Costs
      </h2>
      <label htmlFor="estimate-material" className="field__label">
        Material
      </label>
      <Select
        id="estimate-material"
        value={shown === null ? '' : String(shown)}
        onChange={(e) => setMaterialId(Number(e.target.value))}
        options={materials.map((m) => ({ value: String(m.id), label: m.name }))}
        placeholder={materials.length ? undefined : 'Loading materials…'}
      />
      <h3 className="detail-block__title" style={{ marginTop: 'var(--space-4)' }}>
        Estimated Pricing
      </h3>
      {estimate.isPending ? (
        <Skeleton height="3rem" />
      ) : estimate.isError ? (
        <p className="detail-block__text" role="alert">
          {errorMessage(estimate.error)}
        </p>
      ) : (
        <dl className="dimension-list" aria-live="polite">
          <div>
            <dt>Estimated cost</dt>
            <dd>{formatMoney(estimate.data.quote.pricePerPiece, { fraction: 'when-needed' })} per piece</dd>
          </div>
          <div>
            <dt>Total estimate</dt>
            <dd>
              {formatMoney(estimate.data.quote.totalPrice, { fraction: 'when-needed' })} for{' '}
              {estimate.data.quote.quantity}
            </dd>
          </div>
        </dl>
      )}
      <p className="project-row__meta" style={{ marginTop: 'var(--space-3)' }}>
        Estimates assume a high polish and a run of 100 pieces. Final prices depend on the finished design and
        are confirmed at checkout.
      </p>
    </Card>
  );
}
