import { Check } from 'lucide-react';
import { Button, Skeleton } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney } from '@facet/domain/format';
import { formatWeight } from '../lib/format';
import { rgbToHex } from '../lib/metal-look';
import type { Catalog, MaterialComparison } from '../lib/types';

export type MetalComparisonProps = {
  catalog: Catalog;
  rows: MaterialComparison[] | undefined;
  isPending: boolean;
  updating: boolean;
  error: unknown;
  selectedId: number | null;
  onChoose: (materialId: number) => void;
};

/** The same piece priced in every material at once (POST /api/pricing/compare). */
export function MetalComparison({
  catalog,
  rows,
  isPending,
  updating,
  error,
  selectedId,
  onChoose,
}: MetalComparisonProps) {
  return (
    <section className="produce-card" aria-labelledby="compare-title" aria-busy={updating}>
      <h2 id="compare-title" className="produce-card__title">
        Compare materials
      </h2>
      <p className="produce-card__lead">With the same polish, plating and quantity.</p>
      {error ? (
        <p className="price-card__error" role="alert">
          {errorMessage(error)}
        </p>
      ) : isPending || !rows ? (
        <div aria-label="Loading the comparison">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height="1.5rem" className="compare-skeleton" />
          ))}
        </div>
      ) : (
        <div className="table-scroll">
          <table
            className={updating ? 'compare-table compare-table--stale' : 'compare-table'}
            data-testid="compare"
          >
            <thead>
              <tr>
                <th scope="col">Material</th>
                <th scope="col">Weight</th>
                <th scope="col">Per piece</th>
                <th scope="col">Total</th>
                <th scope="col">
                  <span className="visually-hidden">Choose</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const material = catalog.materials.find((m) => m.id === row.materialId);
                const color = material?.diffuse ?? (material?.color ? rgbToHex(material.color) : null);
                const selected = row.materialId === selectedId;
                return (
                  <tr key={row.materialId} aria-current={selected ? 'true' : undefined}>
                    <th scope="row">
                      {color ? (
                        <span
                          className="radio-chip__swatch"
                          style={{ background: color }}
                          aria-hidden="true"
                        />
                      ) : null}
                      {row.name}
                    </th>
                    {row.ok && row.quote ? (
                      <>
                        <td>{formatWeight(row.quote.weightGrams)}</td>
                        <td>{formatMoney(row.quote.pricePerPiece)}</td>
                        <td>{formatMoney(row.quote.totalPrice)}</td>
                      </>
                    ) : (
                      <td colSpan={3} className="compare-table__refused">
                        {row.message ?? 'Not available for this model.'}
                      </td>
                    )}
                    <td>
                      {selected ? (
                        <span className="compare-table__chosen">
                          <Check aria-hidden="true" />
                          <span className="visually-hidden">Chosen</span>
                        </span>
                      ) : (
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => onChoose(row.materialId)}
                          aria-label={`Choose ${row.name}`}
                        >
                          Choose
                        </Button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
