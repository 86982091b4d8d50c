import { useEffect, useRef } from 'react';

/**
 * Focus in the sign-up wizard: after a move to another step its heading takes focus, so keyboard and screen
 * reader users start at the top; `focusFirstError()` goes to the step's first invalid field.
 */
export function useWizardFocus(stepIndex: number) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepRef = useRef<HTMLDivElement>(null);
  const movedRef = useRef(false);

  // move focus to the new step's heading, so keyboard and screen reader users start at the top
  useEffect(() => {
    if (!movedRef.current) return;
    headingRef.current?.focus();
  }, [stepIndex]);

  return {
    headingRef,
    stepRef,
    /** Call on each move between steps (the first render keeps the page's own focus). */
    noteMove() {
      movedRef.current = true;
    },
    focusFirstError() {
      requestAnimationFrame(() => {
        const invalid = stepRef.current?.querySelector<HTMLElement>(
          '[aria-invalid="true"], .chip-select--invalid button, .choice-card__input',
        );
        invalid?.focus();
      });
    },
  };
}
