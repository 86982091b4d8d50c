import { useFormContext, useWatch } from 'react-hook-form';
import { serviceCapabilityOptions, softwareOptions } from '@facet/domain/rules';
import { Button, Field, Skeleton, Textarea } from '../../../components/ui';
import type { OnboardingQuestion } from '../api/get-onboarding-questions';
import type { SignupFormValues } from '../lib/signup-form';
import { QuestionsTree } from './questions-tree';
import { ChoiceField } from './skills-step';

export type DetailsStepProps = {
  questions: readonly OnboardingQuestion[] | undefined;
  questionsFailed: boolean;
  onRetryQuestions: () => void;
};

export function DetailsStep({ questions, questionsFailed, onRetryQuestions }: DetailsStepProps) {
  const { register, control, formState } = useFormContext<SignupFormValues>();
  const role = useWatch({ control, name: 'role' });

  if (role === 'customer') {
    if (questionsFailed)
      return (
        <div className="wizard__fields">
          <p role="alert">The questions could not be loaded. You can skip them and answer later.</p>
          <Button variant="secondary" size="sm" onClick={onRetryQuestions}>
            Try again
          </Button>
        </div>
      );
    if (!questions)
      return (
        <div className="wizard__fields" aria-busy="true">
          <p className="visually-hidden" role="status">
            Loading questions…
          </p>
          <Skeleton height="1.5rem" width="60%" />
          <Skeleton height="3rem" />
          <Skeleton height="3rem" />
        </div>
      );
    return (
      <div className="wizard__fields">
        <p className="wizard__note">
          These questions are optional; they help us suggest designers and materials.
        </p>
        <QuestionsTree questions={questions} />
      </div>
    );
  }

  if (role === 'service') {
    return (
      <div className="wizard__fields">
        <ChoiceField
          name="skills"
          label="Capabilities"
          hint="Metals, materials and the order sizes you handle."
          options={serviceCapabilityOptions}
        />
      </div>
    );
  }

  return (
    <div className="wizard__fields">
      <ChoiceField
        name="softwareSkills"
        label="Software skills"
        hint="Software you work in."
        options={softwareOptions}
      />
      <ChoiceField
        name="softwareOwn"
        label="Software owned"
        hint="Software you hold a licence for."
        options={softwareOptions}
      />
      <Field
        label="Other experience"
        error={formState.errors.otherExperience?.message}
        hint="Optional: bench work, training, awards."
      >
        <Textarea rows={4} {...register('otherExperience')} />
      </Field>
    </div>
  );
}
