import { Children, cloneElement, createContext, isValidElement, useContext, useId } from 'react';
import type { ReactElement, ReactNode } from 'react';
import clsx from 'clsx';
import './field.css';

type FieldControl = {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
};

const FieldContext = createContext<FieldControl | null>(null);

/** The id and aria wiring of the Field around a control; Input, Textarea and Select read it themselves. */
export function useFieldControl(): FieldControl | null {
  return useContext(FieldContext);
}

export type FieldProps = {
  label: ReactNode;
  /** Short help under the label, linked to the control with aria-describedby. */
  hint?: ReactNode;
  /** Message shown under the control (role=alert) and marking it aria-invalid. */
  error?: ReactNode;
  required?: boolean;
  /** Id of the control; generated when absent. */
  id?: string;
  className?: string;
  /** Hide the label visually (still read by screen readers). */
  hideLabel?: boolean;
  children: ReactNode;
};

/**
 * A labelled form control. Our Input, Textarea and Select pick up id, aria-describedby, aria-invalid and
 * aria-required from context; a single plain element child (e.g. a native input) is given them too.
 */
export function Field({
  label,
  hint,
  error,
  required = false,
  id,
  className,
  hideLabel,
  children,
}: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control: FieldControl = { id: controlId, describedBy, invalid: Boolean(error), required };

  let content = children;
  const only = Children.count(children) === 1 ? Children.only(children) : null;
  if (isValidElement(only) && typeof only.type === 'string') {
    const element = only as ReactElement<Record<string, unknown>>;
    content = cloneElement(element, {
      id: element.props.id ?? controlId,
      'aria-describedby': describedBy,
      'aria-invalid': error ? true : undefined,
      'aria-required': required || undefined,
    });
  }

  return (
    <div className={clsx('field', error && 'field--invalid', className)}>
      <label className={clsx('field__label', hideLabel && 'visually-hidden')} htmlFor={controlId}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldContext.Provider value={control}>{content}</FieldContext.Provider>
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
