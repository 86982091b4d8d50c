import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft, ArrowRight, RotateCcw } from 'lucide-react';
import { DESIGN_STEPS, draftProgress, stepProblems, type DesignStepId } from '@facet/domain/design';
import { useAuth } from '../../../app/auth';
import { Button, Card, EmptyState, Skeleton, toast } from '../../../components/ui';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useCatalog } from '../../produce/api/get-catalog';
import {
  useDesignDraft,
  useRemoveInspiration,
  useResetDraft,
  useSaveDraft,
  useUploadInspiration,
} from '../api/design-draft';
import {
  answeredByServer,
  newGenerationKey,
  useCreateProjectFromBrief,
  useGenerate,
} from '../api/design-results';
import { DesignProductBanner } from '../components/design-product-banner';
import {
  DescriptionStep,
  emptyFields,
  fieldsOf,
  GoalStep,
  InspirationStep,
  MaterialStep,
  PieceStep,
  stepFields,
  TitleStep,
  type WizardFields,
} from '../components/design-steps';
import { ProjectSummaryDialog } from '../components/project-summary-dialog';
import '../design.css';

const indexOf = (step: string | undefined) =>
  Math.max(
    0,
    DESIGN_STEPS.findIndex((s) => s.id === step),
  );

/** The wizard's progress: step n of 6 with its name, a bar of the brief done, and the steps' names. */
function WizardProgress({ current, percent }: { current: number; percent: number }) {
  const step = DESIGN_STEPS[current]!;
  return (
    <nav className="design-progress" aria-label="Design progress">
      <p className="design-progress__summary">
        Step {current + 1} of {DESIGN_STEPS.length} · {step.label}
      </p>
      <div
        className="design-progress__bar"
        role="progressbar"
        aria-label="Brief complete"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <ol className="design-progress__list">
        {DESIGN_STEPS.map((s, i) => (
          <li
            key={s.id}
            className={`design-progress__item design-progress__item--${i < current ? 'done' : i === current ? 'current' : 'todo'}`}
            aria-current={i === current ? 'step' : undefined}
          >
            {s.label}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * The design wizard: one step per concern (piece, material, inspiration, description, goal, title),
 * each saved to the server on Next so a reload loses nothing, then the project summary and generation.
 */
export function DesignPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const draft = useDesignDraft();
  const catalog = useCatalog();
  const save = useSaveDraft();
  const upload = useUploadInspiration();
  const remove = useRemoveInspiration();
  const reset = useResetDraft();
  const generate = useGenerate();
  const createProject = useCreateProjectFromBrief();

  const [fields, setFields] = useState<WizardFields>(emptyFields);
  const [current, setCurrent] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [uploadError, setUploadError] = useState<string | undefined>();
  const [summaryOpen, setSummaryOpen] = useState(false);
  const [generateError, setGenerateError] = useState<string | null>(null);
  // a refusal for too few credits comes with a way to get more
  const [needsCredits, setNeedsCredits] = useState(false);
  const generationKey = useRef<string | null>(null);
  const restored = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // restore the server's draft once: its fields and the step it was left on
  useEffect(() => {
    if (restored.current || !draft.data) return;
    restored.current = true;
    setFields(fieldsOf(draft.data.draft));
    setCurrent(indexOf(draft.data.draft?.step));
  }, [draft.data]);

  const firstTime = user?.firstTimeLogin ?? false;
  const saved = draft.data?.draft ?? null;
  const inspiration = saved?.inspiration ?? [];
  const step = DESIGN_STEPS[current]!;
  const materials = catalog.data?.materials;
  const materialName =
    materials?.find((m) => m.id === fields.materialId)?.name ?? saved?.materialName ?? null;
  const percent = draftProgress({ ...fields, inspirationCount: inspiration.length });
  const last = current === DESIGN_STEPS.length - 1;

  const update = (patch: Partial<WizardFields>) => {
    setFields((f) => ({ ...f, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
  };

  function goTo(index: number) {
    setCurrent(index);
    setErrors({});
    heading.current?.focus();
  }

  async function next() {
    const id: DesignStepId = step.id;
    // the same rules as the server, for an instant answer; the server checks again
    const problems = stepProblems(id, { ...fields, inspirationCount: inspiration.length });
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      return;
    }
    try {
      await save.mutateAsync({
        step: id,
        nextStep: last ? id : DESIGN_STEPS[current + 1]!.id,
        fields: stepFields(id, fields),
      });
    } catch (error) {
      // the body's fields sit under `fields.` in the server's messages
      if (isApiError(error) && Object.keys(error.fields).length) {
        setErrors(
          Object.fromEntries(
            Object.entries(error.fields).map(([key, message]) => [key.replace(/^fields\./, ''), message]),
          ),
        );
      } else toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
      return;
    }
    if (last) {
      generationKey.current = null;
      setGenerateError(null);
      setSummaryOpen(true);
    } else goTo(current + 1);
  }

  async function addImages(files: File[]) {
    setUploadError(undefined);
    try {
      await upload.mutateAsync(files);
    } catch (error) {
      setUploadError(errorMessage(error));
    }
  }

  async function removeImage(id: string) {
    try {
      await remove.mutateAsync(id);
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  }

  async function startOver() {
    try {
      await reset.mutateAsync();
    } catch (error) {
      // the server still holds the draft: keep showing it rather than a blank wizard it would bring back
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
      return;
    }
    setFields(emptyFields);
    goTo(0);
  }

  /** Without image generation the brief still becomes a project (no concept images). */
  async function createProjectFromBrief() {
    setGenerateError(null);
    try {
      const project = await createProject.mutateAsync(fields);
      setSummaryOpen(false);
      await navigate(`/projects/${project.id}`);
    } catch (error) {
      setGenerateError(errorMessage(error));
    }
  }

  async function runGeneration() {
    setGenerateError(null);
    // one key per attempt from the summary: a double click or a retried request takes credits once
    generationKey.current ??= newGenerationKey();
    try {
      await generate.mutateAsync(generationKey.current);
      setSummaryOpen(false);
      await navigate('/design-results');
    } catch (error) {
      if (answeredByServer(error)) generationKey.current = null;
      setGenerateError(errorMessage(error));
      setNeedsCredits(isApiError(error) && error.code === 'insufficient_credits');
    }
  }

  if (draft.isPending) {
    return (
      <div className="page design-page" aria-busy="true">
        <title>Design · Facet</title>
        <Skeleton height="2rem" width="40%" />
        <Skeleton height="16rem" radius="lg" />
      </div>
    );
  }
  if (draft.isError) {
    return (
      <div className="page">
        <title>Design · Facet</title>
        <EmptyState
          headingLevel="h1"
          title="The design wizard could not load"
          description={errorMessage(draft.error)}
          action={<Button onClick={() => void draft.refetch()}>Try again</Button>}
        />
      </div>
    );
  }

  const capabilities = draft.data.capabilities;

  return (
    <div className={`page design-page${firstTime ? ' design-page--first-time' : ''}`}>
      <title>Design · Facet</title>
      <DesignProductBanner firstTime={firstTime} />
      <header className="design-page__header">
        <div>
          <p className="design-page__eyebrow">Design</p>
          <h1 ref={heading} tabIndex={-1} className="design-page__title">
            {stepHeading[step.id]}
          </h1>
        </div>
        <div className="design-page__header-actions">
          {firstTime ? (
            <Button variant="ghost" size="sm" asChild>
              <Link to="/dashboard">Skip for now</Link>
            </Button>
          ) : null}
          {saved ? (
            <Button variant="ghost" size="sm" onClick={() => void startOver()} loading={reset.isPending}>
              <RotateCcw aria-hidden="true" /> Start over
            </Button>
          ) : null}
        </div>
      </header>
      <WizardProgress current={current} percent={percent} />

      <Card className="design-step">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void next();
          }}
        >
          <div className="design-step__body">
            {step.id === 'piece' ? <PieceStep fields={fields} errors={errors} update={update} /> : null}
            {step.id === 'material' ? (
              <MaterialStep
                fields={fields}
                errors={errors}
                update={update}
                materials={materials}
                loadError={catalog.isError ? errorMessage(catalog.error) : null}
                onRetry={() => void catalog.refetch()}
              />
            ) : null}
            {step.id === 'inspiration' ? (
              <InspirationStep
                images={inspiration}
                uploading={upload.isPending}
                removing={remove.isPending ? (remove.variables ?? null) : null}
                error={uploadError ?? errors.inspiration}
                onAdd={(files) => void addImages(files)}
                onRemove={(id) => void removeImage(id)}
              />
            ) : null}
            {step.id === 'description' ? (
              <DescriptionStep fields={fields} errors={errors} update={update} />
            ) : null}
            {step.id === 'goal' ? <GoalStep fields={fields} errors={errors} update={update} /> : null}
            {step.id === 'title' ? <TitleStep fields={fields} errors={errors} update={update} /> : null}
          </div>
          <div className="design-step__actions">
            <Button variant="secondary" disabled={current === 0} onClick={() => goTo(current - 1)}>
              <ArrowLeft aria-hidden="true" /> Back
            </Button>
            <Button type="submit" loading={save.isPending}>
              {last ? 'Review brief' : 'Next'} {last ? null : <ArrowRight aria-hidden="true" />}
            </Button>
          </div>
        </form>
      </Card>
      {!capabilities.imageGeneration ? (
        <p className="design-page__note" role="note">
          Image generation is not configured. You can still complete the brief and create a project from it.
        </p>
      ) : null}

      <ProjectSummaryDialog
        open={summaryOpen}
        onOpenChange={setSummaryOpen}
        fields={fields}
        materialName={materialName}
        inspirationCount={inspiration.length}
        imageGeneration={capabilities.imageGeneration}
        creditsPerGeneration={capabilities.creditsPerGeneration}
        generating={generate.isPending}
        generateError={generateError}
        needsCredits={needsCredits}
        onGenerate={() => void runGeneration()}
        creatingProject={createProject.isPending}
        onCreateProject={() => void createProjectFromBrief()}
      />
    </div>
  );
}

const stepHeading: Record<DesignStepId, string> = {
  piece: 'What would you like made?',
  material: 'Choose the material',
  inspiration: 'Add inspiration',
  description: 'Describe your idea',
  goal: 'What is it for?',
  title: 'Name your design',
};
