import { useCallback, useRef } from 'react';
import type { Resolver } from 'react-hook-form';
import { createStepResolver } from '../lib/signup-form';
import type { SignupFormValues, StepContext } from '../lib/signup-form';

/**
 * The form's resolver: it checks the fields of the step shown now. The form is made before the step is
 * known, so the page keeps `stepContextRef.current` up to date (in a layout effect) and the resolver reads it.
 */
export function useStepResolver() {
  const stepContextRef = useRef<StepContext>({
    step: 'role',
    stateRequired: false,
    portfolioImageCount: 0,
    questions: [],
  });
  const resolver = useCallback<Resolver<SignupFormValues>>(
    (values, context, options) => createStepResolver(stepContextRef.current)(values, context, options),
    [],
  );
  return { resolver, stepContextRef };
}
