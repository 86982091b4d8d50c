import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AlertTriangle, FolderPlus } from 'lucide-react';
import { ringProfileOptions } from '@facet/domain/parametric';
import { Button, Card, CardContent, Skeleton, Spinner } from '../../../../components/ui';
import { errorMessage, isApiError } from '../../../../lib/api-client';
import { useCatalog } from '../../../produce/api/get-catalog';
import { useModel } from '../../../produce/api/get-model';
import { ModelConfigurator } from '../../../produce/components/model-configurator';
import type { Model } from '../../../produce/lib/types';
import '../../../produce/lib/laser-fonts';
import '../../../produce/pages/produce.css';
import { useCreateParametricModel } from '../api/create-parametric-model';
import { ParametricFormView } from '../components/parametric-form';
import {
  checkForm,
  defaultForm,
  formErrorsOf,
  formOf,
  mm,
  sizePreview,
  toInput,
  type ParametricForm,
} from '../lib/parametric-form';
import './parametric.css';

/** One line about the generated piece, from the parameters stored on the model. */
function summaryOf(model: Model): string {
  const form = formOf(model.parametric);
  if (!form) return model.fileName;
  if (form.kind === 'bar') {
    const b = form.bar;
    return `Bar necklace bar ${b.lengthMm} × ${b.heightMm} × ${b.thicknessMm} mm`;
  }
  const r = form.ring;
  const preview = sizePreview(r);
  const profile = ringProfileOptions.find((o) => o.value === r.profile)?.label ?? r.profile;
  return `Ring ${r.sizeSystem.toUpperCase()} ${r.size}${preview ? ` (inner diameter ${mm(preview.innerDiameterMm)} mm)` : ''}, ${profile.toLowerCase()}, ${r.bandWidthMm} × ${r.thicknessMm} mm`;
}

function GeneratedPiece({
  model,
  changed,
  justMade,
}: {
  model: Model;
  changed: boolean;
  /** Just generated here: the heading takes the focus, so keyboard and screen reader users land on it. */
  justMade: boolean;
}) {
  const catalog = useCatalog();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ready = model.status === 'ready';
  useEffect(() => {
    if (justMade && ready) headingRef.current?.focus();
  }, [justMade, ready, model.id]);
  const form = formOf(model.parametric);
  const engraving = form?.kind === 'ring' ? form.ring.engravingText : '';
  if (model.status === 'analysing' || model.status === 'uploading') {
    return (
      <p className="steps-analysing" role="status">
        <Spinner size="sm" label={null} /> Analysing the generated piece…
      </p>
    );
  }
  if (model.status === 'failed') {
    return (
      <p className="produce-error" role="alert">
        <AlertTriangle aria-hidden="true" /> {model.error?.message ?? 'The piece could not be analysed.'}
      </p>
    );
  }
  return (
    <section className="parametric-result" aria-labelledby="parametric-result-title">
      <div className="parametric-result__header">
        <div>
          <h2
            id="parametric-result-title"
            className="parametric-result__title"
            tabIndex={-1}
            ref={headingRef}
          >
            Your piece
          </h2>
          <p className="parametric-result__lead" data-testid="generated-summary">
            {summaryOf(model)}
          </p>
          {changed ? (
            <p className="parametric-result__stale" role="status">
              You changed the parameters: generate again to see and price them.
            </p>
          ) : null}
        </div>
        <Button asChild variant="secondary">
          <Link to={`/projects?model=${encodeURIComponent(model.id)}`}>
            <FolderPlus aria-hidden="true" /> Start a project
          </Link>
        </Button>
      </div>
      {catalog.isError ? (
        <div className="produce-error" role="alert">
          <AlertTriangle aria-hidden="true" />
          <p>The materials and options could not be loaded. {errorMessage(catalog.error)}</p>
          <Button variant="secondary" size="sm" onClick={() => void catalog.refetch()}>
            Try again
          </Button>
        </div>
      ) : !catalog.data ? (
        <div className="steps-layout" aria-busy="true">
          <Skeleton height="22rem" radius="lg" />
          <Skeleton height="18rem" radius="lg" />
        </div>
      ) : (
        <ModelConfigurator
          key={model.id}
          model={model}
          catalog={catalog.data}
          itemTypeName={form?.kind === 'bar' ? 'Necklace' : 'Ring'}
          laserText={engraving}
        />
      )}
    </section>
  );
}

/** /design/parametric: a ring or a bar necklace bar from its parameters, generated and priced by the server. */
export function ParametricPage() {
  const [params, setParams] = useSearchParams();
  const modelId = params.get('model') ?? '';
  const model = useModel(modelId);
  const create = useCreateParametricModel();
  // ?kind=bar (the design wizard's way in for pendants and necklaces) opens on that kind
  const [form, setForm] = useState<ParametricForm>(() =>
    params.get('kind') === 'bar' ? { ...defaultForm, kind: 'bar' } : defaultForm,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  // a piece opened again (?model=) fills the form with its parameters, once (state set while rendering:
  // React renders again at once, before anything is shown)
  const [filledFor, setFilledFor] = useState<string | null>(null);
  const [made, setMade] = useState<string | null>(null);
  if (model.data && filledFor !== model.data.id) {
    setFilledFor(model.data.id);
    const stored = formOf(model.data.parametric);
    if (stored) setForm(stored);
  }

  const generate = () => {
    const checked = checkForm(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    create.mutate(checked.input, {
      onSuccess: ({ model: created }) => {
        setFilledFor(created.id);
        setMade(created.id);
        setParams({ model: created.id });
      },
      onError: (error) => {
        if (isApiError(error) && Object.keys(error.fields).length) setErrors(formErrorsOf(error.fields));
        else setErrors({ form: errorMessage(error) });
      },
    });
  };

  const shown = model.data;
  const changed =
    shown?.parametric != null &&
    JSON.stringify(toInput(form)) !== JSON.stringify(toInput(formOf(shown.parametric) ?? form));

  return (
    <div className="page parametric-page">
      <title>Design from parameters · Facet</title>
      <div className="page__header">
        <div>
          <p className="eyebrow">Design · Parametric</p>
          <h1 className="page__title">Design a piece from its measurements</h1>
          <p className="page__lead">
            Set the size and shape; we make the 3D model, weigh it and price it in your metal.
          </p>
        </div>
      </div>
      <div className="parametric-layout">
        <Card className="parametric-layout__form">
          <CardContent>
            <ParametricFormView
              form={form}
              onChange={setForm}
              errors={errors}
              onSubmit={generate}
              pending={create.isPending}
            />
          </CardContent>
        </Card>
        <div className="parametric-layout__result">
          {modelId && model.isError ? (
            <p className="produce-error" role="alert">
              <AlertTriangle aria-hidden="true" /> {errorMessage(model.error)}
            </p>
          ) : shown ? (
            <GeneratedPiece model={shown} changed={changed} justMade={made === shown.id} />
          ) : modelId || create.isPending ? (
            <Skeleton height="22rem" radius="lg" />
          ) : (
            <div className="parametric-empty">
              <p>
                Choose the parameters and press <strong>Generate</strong>: the piece appears here in 3D with
                its itemised price.
              </p>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
