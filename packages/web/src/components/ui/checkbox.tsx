import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import clsx from 'clsx';
import { Check } from 'lucide-react';
import './checkbox.css';

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  /** Smaller text under the label. */
  description?: ReactNode;
  /** Message under the checkbox (role=alert), marks it invalid. */
  error?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A native checkbox (works with register) drawn in the brand style, with its label. */
export function Checkbox({ label, description, error, className, id, ref, ...rest }: CheckboxProps) {
  const generated = useId();
  const inputId = id ?? `checkbox-${generated}`;
  const descriptionId = description ? `${inputId}-description` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={clsx('checkbox', error && 'checkbox--invalid', className)}>
      <div className="checkbox__row">
        <span className="checkbox__box">
          <input
            ref={ref}
            id={inputId}
            type="checkbox"
            className="checkbox__input"
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            {...rest}
          />
          <Check className="checkbox__mark" aria-hidden="true" />
        </span>
        <label htmlFor={inputId} className="checkbox__label">
          {/* one flow of text, so a label with a link reads as one line */}
          <span>{label}</span>
          {description ? (
            <span className="checkbox__description" id={descriptionId}>
              {description}
            </span>
          ) : null}
        </label>
      </div>
      {error ? (
        <p className="checkbox__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
