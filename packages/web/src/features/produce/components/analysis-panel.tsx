import { useId, useState } from 'react';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { Button, Select } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateModelUnit } from '../api/update-model-unit';
import { formatCount, formatDimension, formatMeasure, formatSize } from '../lib/format';
import type { Model, ModelUnit } from '../lib/types';
import { UNIT_CHOICES, guessedUnit, isModelUnit, scaleSize } from '../lib/units';

function UnitConfirmation({ model }: { model: Model }) {
  const update = useUpdateModelUnit();
  const selectId = useId();
  const guess = guessedUnit(model.rawAnalysis?.unitGuess);
  const [choice, setChoice] = useState<ModelUnit>(model.unitConfirmed ? model.unit : guess);
  const [open, setOpen] = useState(false);
  const asks = !model.unitConfirmed && guess !== model.unit;
  const raw = model.rawAnalysis?.sizeMm;

  if (!asks && !open) {
    return (
      <p className="unit-line">
        <span>
          Drawn in <strong>{UNIT_CHOICES.find((u) => u.value === model.unit)?.label ?? model.unit}</strong>.
        </span>
        <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
          Change unit
        </Button>
      </p>
    );
  }
  return (
    <form
      className="unit-confirm"
      aria-label="Confirm the model's unit"
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate({ id: model.id, unit: choice }, { onSuccess: () => setOpen(false) });
      }}
    >
      {asks ? (
        <p className="unit-confirm__why">
          <AlertTriangle aria-hidden="true" />
          <span>
            Read as millimetres this piece measures {raw ? formatSize(raw) : 'an unusual size'}, which is
            unusual for jewelry. It looks like it was drawn in <strong>{guess}</strong>. Please confirm the
            unit: prices use it.
          </span>
        </p>
      ) : null}
      <label htmlFor={selectId} className="field__label">
        Unit the model was drawn in
      </label>
      <div className="unit-confirm__row">
        <Select
          id={selectId}
          value={choice}
          options={UNIT_CHOICES}
          onChange={(e) => {
            const value = e.currentTarget.value;
            if (isModelUnit(value)) setChoice(value);
          }}
        />
        <Button type="submit" loading={update.isPending}>
          {asks ? 'Confirm unit' : 'Use this unit'}
        </Button>
        {open ? (
          <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
            Cancel
          </Button>
        ) : null}
      </div>
      {raw ? (
        <p className="unit-confirm__result">
          Read in {UNIT_CHOICES.find((u) => u.value === choice)?.label.toLowerCase() ?? choice}, the piece
          measures {formatSize(scaleSize(raw, choice))}.
        </p>
      ) : null}
      {update.isError ? (
        <p className="form-error" role="alert">
          {errorMessage(update.error)}
        </p>
      ) : null}
    </form>
  );
}

/** What the server measured: size by the dimension rule, volume, surface, triangles and soundness. */
export function AnalysisPanel({ model }: { model: Model }) {
  const analysis = model.analysis;
  if (!analysis) return null;
  const { sizeMm } = analysis;
  return (
    <section className="produce-card" aria-labelledby="analysis-title">
      <h2 id="analysis-title" className="produce-card__title">
        Measurements
      </h2>
      <dl className="measures" data-testid="measures">
        <div>
          <dt>Width</dt>
          <dd>{formatDimension(sizeMm.x)}</dd>
        </div>
        <div>
          <dt>Height</dt>
          <dd>{formatDimension(sizeMm.y)}</dd>
        </div>
        <div>
          <dt>Length</dt>
          <dd>{formatDimension(sizeMm.z)}</dd>
        </div>
        <div>
          <dt>Volume</dt>
          <dd>{formatMeasure(analysis.volumeMm3, 'mm³')}</dd>
        </div>
        <div>
          <dt>Surface</dt>
          <dd>{formatMeasure(analysis.surfaceAreaMm2, 'mm²')}</dd>
        </div>
        <div>
          <dt>Triangles</dt>
          <dd>{formatCount(analysis.triangles)}</dd>
        </div>
      </dl>
      {analysis.watertight ? (
        <p className="soundness soundness--ok">
          <CheckCircle2 aria-hidden="true" /> Watertight: the surface is closed, so volume and weight are
          exact.
        </p>
      ) : (
        <div className="soundness soundness--warn" role="note" aria-label="Model has holes">
          <AlertTriangle aria-hidden="true" />
          <div>
            <p>
              <strong>This model is not watertight.</strong> Its surface is not closed
              {analysis.boundaryEdges > 0
                ? `: ${formatCount(analysis.boundaryEdges)} open edges border holes`
                : ''}
              {analysis.nonManifoldEdges > 0
                ? `${analysis.boundaryEdges > 0 ? ', and' : ':'} ${formatCount(analysis.nonManifoldEdges)} edges are shared by more than two faces (non-manifold)`
                : ''}
              .
            </p>
            <p>
              A metal price needs a closed model: without one its volume, and so its weight, cannot be
              measured. Close the holes in your CAD program and upload it again, or ask a CAD designer to
              repair it.
            </p>
          </div>
        </div>
      )}
      {analysis.warnings && analysis.warnings.length > 0 ? (
        <ul className="analysis-warnings">
          {analysis.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      ) : null}
      <UnitConfirmation key={`${model.id}-${model.unit}`} model={model} />
    </section>
  );
}
