import type { Ref, SelectHTMLAttributes } from 'react';
import clsx from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useFieldControl } from './field';
import './select.css';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & {
  /** Options as value/label pairs, or plain strings used as both. */
  options: ReadonlyArray<SelectOption | string>;
  /** First, empty option (value ''), e.g. 'Select a country'. */
  placeholder?: string;
  invalid?: boolean;
  ref?: Ref<HTMLSelectElement>;
};

/** A styled native select: works with react-hook-form's register, mobile pickers and autofill. */
export function Select({
  options,
  placeholder,
  invalid,
  className,
  ref,
  id,
  required,
  ...rest
}: SelectProps) {
  const field = useFieldControl();
  const isInvalid = invalid ?? field?.invalid ?? false;
  return (
    <div className={clsx('select', className)}>
      <select
        ref={ref}
        id={id ?? field?.id}
        required={required}
        className={clsx('select__control', isInvalid && 'select__control--invalid')}
        aria-invalid={isInvalid || undefined}
        aria-describedby={rest['aria-describedby'] ?? field?.describedBy}
        aria-required={required || field?.required || undefined}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => {
          const { value, label, disabled } =
            typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={value} value={value} disabled={disabled}>
              {label}
            </option>
          );
        })}
      </select>
      <ChevronDown className="select__icon" aria-hidden="true" />
    </div>
  );
}
