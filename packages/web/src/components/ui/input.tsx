import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import clsx from 'clsx';
import { useFieldControl } from './field';
import './input.css';

export type InputProps = InputHTMLAttributes<HTMLInputElement> & {
  /** Marks the control invalid (also set automatically inside a Field with an error). */
  invalid?: boolean;
  /** Icon or text shown inside the control before the value. */
  startAdornment?: ReactNode;
  /** Icon or button shown inside the control after the value. */
  endAdornment?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

function useControlAria(props: {
  id?: string;
  invalid?: boolean;
  required?: boolean;
  'aria-describedby'?: string;
}) {
  const field = useFieldControl();
  const invalid = props.invalid ?? field?.invalid ?? false;
  return {
    id: props.id ?? field?.id,
    'aria-invalid': invalid || undefined,
    'aria-describedby': props['aria-describedby'] ?? field?.describedBy,
    'aria-required': props.required || field?.required || undefined,
    invalid,
  };
}

export function Input({ className, invalid, startAdornment, endAdornment, ref, ...rest }: InputProps) {
  const { invalid: isInvalid, ...aria } = useControlAria({ ...rest, invalid });
  const input = (
    <input
      ref={ref}
      className={clsx('input', isInvalid && 'input--invalid', !startAdornment && !endAdornment && className)}
      {...rest}
      {...aria}
    />
  );
  if (!startAdornment && !endAdornment) return input;
  return (
    <div
      className={clsx(
        'input-group',
        startAdornment && 'input-group--start',
        endAdornment && 'input-group--end',
        className,
      )}
    >
      {startAdornment ? <span className="input-group__start">{startAdornment}</span> : null}
      {input}
      {endAdornment ? <span className="input-group__end">{endAdornment}</span> : null}
    </div>
  );
}

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  invalid?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
};

export function Textarea({ className, invalid, ref, rows = 4, ...rest }: TextareaProps) {
  const { invalid: isInvalid, ...aria } = useControlAria({ ...rest, invalid });
  return (
    <textarea
      ref={ref}
      rows={rows}
      className={clsx('input', 'input--textarea', isInvalid && 'input--invalid', className)}
      {...rest}
      {...aria}
    />
  );
}
