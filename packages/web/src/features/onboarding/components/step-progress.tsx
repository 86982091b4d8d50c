import clsx from 'clsx';
import { Check } from 'lucide-react';
import type { SignupStep } from '@facet/domain/rules';

export type StepProgressProps = { steps: readonly SignupStep[]; current: number };

/**
 * The wizard's steps with their names and the spec's numbers (1, 2, 2.5, 3, 4, 5); done steps are ticked,
 * the current one is marked for screen readers.
 */
export function StepProgress({ steps, current }: StepProgressProps) {
  const step = steps[current];
  return (
    <nav className="step-progress" aria-label="Sign-up progress">
      <p className="step-progress__summary">
        Step {step?.number} of {steps.at(-1)?.number}
        {step ? <span className="step-progress__summary-title"> · {step.title}</span> : null}
      </p>
      <ol className="step-progress__list">
        {steps.map((s, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'todo';
          return (
            <li
              key={s.id}
              className={clsx('step-progress__item', `step-progress__item--${state}`)}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="step-progress__dot" aria-hidden="true">
                {state === 'done' ? <Check /> : s.number}
              </span>
              <span className="step-progress__title">
                {s.title}
                {state === 'done' ? <span className="visually-hidden"> (done)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
