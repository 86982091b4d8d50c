import { Link } from 'react-router';
import { useEffect } from 'react';
import { AlertCircle, Lightbulb, Sparkles } from 'lucide-react';
import { designTexts, goalLabel } from '@facet/domain/design';
import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Spinner,
} from '../../../components/ui';
import { formatDesignDimension } from '@facet/domain/format';
import { errorMessage } from '../../../lib/api-client';
import { useFormCheck, useRecommendations } from '../api/design-advice';
import type { WizardFields } from './design-steps';

/** A size as the spec shows design dimensions: 2 decimals below 1 mm, otherwise rounded. */
function mm(value: number | null) {
  return value ? `${formatDesignDimension(value)} mm` : '—';
}

/**
 * The project summary (spec utils flag project_summary_modal): the brief as it will be sent, the form
 * check, recommendations, the cost in credits and the Generate button (or why it is not offered).
 */
export function ProjectSummaryDialog({
  open,
  onOpenChange,
  fields,
  materialName,
  inspirationCount,
  imageGeneration,
  creditsPerGeneration,
  generating,
  generateError,
  needsCredits = false,
  onGenerate,
  creatingProject,
  onCreateProject,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fields: WizardFields;
  materialName: string | null;
  inspirationCount: number;
  imageGeneration: boolean;
  creditsPerGeneration: number;
  generating: boolean;
  generateError: string | null;
  /** The refusal was for too few credits: offer the credits page and the plans. */
  needsCredits?: boolean;
  onGenerate: () => void;
  /** Without image generation: a project straight from the brief. */
  creatingProject: boolean;
  onCreateProject: () => void;
}) {
  const check = useFormCheck();
  const recommendations = useRecommendations(open);
  const { mutate } = check;
  useEffect(() => {
    if (open) mutate(fields);
  }, [open, fields, mutate]);
  const suggestions = check.data?.issues ?? [];

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>Project summary</DialogTitle>
          <DialogDescription>Check your brief before we turn it into concept images.</DialogDescription>
        </DialogHeader>
        <DialogBody className="design-summary">
          <dl className="design-summary__list">
            <dt>Title</dt>
            <dd>{fields.title}</dd>
            <dt>Piece</dt>
            <dd>
              {fields.itemType} · {fields.category}
            </dd>
            <dt>Material</dt>
            <dd>{materialName ?? '—'}</dd>
            <dt>Goal</dt>
            <dd>{goalLabel(fields.goal) || '—'}</dd>
            <dt>Size</dt>
            <dd>
              W {mm(fields.widthMm)} · H {mm(fields.heightMm)} · T {mm(fields.thicknessMm)}
            </dd>
            <dt>Inspiration</dt>
            <dd>{inspirationCount === 1 ? '1 image' : `${inspirationCount} images`}</dd>
            <dt>Description</dt>
            <dd className="design-summary__description">{fields.description}</dd>
          </dl>

          <section aria-labelledby="design-check-title" className="design-summary__section">
            <h3 id="design-check-title">Form check</h3>
            {check.isPending ? <Spinner size="sm" label="Checking your brief" /> : null}
            {check.isError ? <p className="field__error">{errorMessage(check.error)}</p> : null}
            {check.data && suggestions.length === 0 ? <p>Your brief reads clearly.</p> : null}
            {suggestions.length > 0 ? (
              <ul className="design-summary__issues">
                {suggestions.map((issue, i) => (
                  <li key={i} className={`design-summary__issue design-summary__issue--${issue.level}`}>
                    {issue.level === 'error' ? (
                      <AlertCircle aria-hidden="true" />
                    ) : (
                      <Lightbulb aria-hidden="true" />
                    )}
                    {issue.message}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>

          <section aria-labelledby="design-recs-title" className="design-summary__section">
            <h3 id="design-recs-title">Recommendations</h3>
            {recommendations.isPending ? <Spinner size="sm" label="Loading recommendations" /> : null}
            {recommendations.isError ? (
              <p className="field__error">{errorMessage(recommendations.error)}</p>
            ) : null}
            {recommendations.data ? (
              <ul className="design-summary__recs">
                {recommendations.data.recommendations.map((r, i) => (
                  <li key={i}>
                    <strong>{r.title}</strong> <span className="design-summary__kind">({r.kind})</span>:{' '}
                    {r.detail}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>

          {imageGeneration ? (
            <p className="design-summary__cost">
              <Sparkles aria-hidden="true" /> {designTexts.creditCost(creditsPerGeneration)}
            </p>
          ) : (
            <p className="design-summary__off" role="status">
              {designTexts.notConfigured} You can still create a project from this brief and invite a
              designer.
            </p>
          )}
          {generateError ? (
            <p className="design-summary__error" role="alert">
              {generateError}
              {needsCredits ? (
                <>
                  {' '}
                  <Link to="/credits">Buy credits</Link> or{' '}
                  <Link to="/account-settings?upgrade=1">upgrade your plan</Link> for more each month.
                </>
              ) : null}
            </p>
          ) : null}
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Edit brief
          </Button>
          {imageGeneration ? (
            <Button loading={generating} disabled={check.data?.ready === false} onClick={onGenerate}>
              Generate designs
            </Button>
          ) : (
            <Button
              loading={creatingProject}
              disabled={check.data?.ready === false}
              onClick={onCreateProject}
            >
              Create project
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
