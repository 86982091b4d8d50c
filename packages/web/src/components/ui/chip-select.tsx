import { useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import clsx from 'clsx';
import { Check } from 'lucide-react';
import './chip-select.css';

export type ChipOption = { value: string; label: string };

export type ChipSelectProps = {
  /** Options as value/label pairs, or plain strings used as both. */
  options: ReadonlyArray<ChipOption | string>;
  value: readonly string[];
  onChange: (next: string[]) => void;
  /** Visible group label (also the accessible name). Use aria-label instead when a heading already says it. */
  label?: ReactNode;
  'aria-label'?: string;
  hint?: ReactNode;
  error?: ReactNode;
  /** Most chips that may be chosen; further chips are disabled once reached. */
  max?: number;
  disabled?: boolean;
  required?: boolean;
  className?: string;
  /** Called when focus leaves the whole group (for form "touched" state). */
  onBlur?: () => void;
};

/**
 * Multi-select of strings as toggle chips (aria-pressed buttons). Tab reaches the group, arrow keys move
 * between chips, Space/Enter toggles.
 */
export function ChipSelect({
  options,
  value,
  onChange,
  label,
  hint,
  error,
  max,
  disabled = false,
  required = false,
  className,
  onBlur,
  ...aria
}: ChipSelectProps) {
  const id = useId();
  const groupRef = useRef<HTMLDivElement>(null);
  const labelId = label ? `chips-${id}-label` : undefined;
  const hintId = hint ? `chips-${id}-hint` : undefined;
  const errorId = error ? `chips-${id}-error` : undefined;
  const normalized = options.map((o) => (typeof o === 'string' ? { value: o, label: o } : o));
  const selected = new Set(value);
  const atMax = max !== undefined && selected.size >= max;

  function toggle(optionValue: string) {
    if (selected.has(optionValue)) onChange(value.filter((v) => v !== optionValue));
    else if (!atMax) onChange([...value, optionValue]);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const keys = ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'Home', 'End'];
    if (!keys.includes(event.key) || !groupRef.current) return;
    const chips = Array.from(groupRef.current.querySelectorAll<HTMLButtonElement>('button:not(:disabled)'));
    const current = chips.indexOf(document.activeElement as HTMLButtonElement);
    if (current < 0) return;
    event.preventDefault();
    let next = current;
    if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = chips.length - 1;
    else if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = (current + 1) % chips.length;
    else next = (current - 1 + chips.length) % chips.length;
    chips[next]?.focus();
  }

  return (
    <div className={clsx('chip-select', error && 'chip-select--invalid', className)}>
      {label ? (
        <span className="chip-select__label" id={labelId}>
          {label}
          {required ? (
            <span className="field__required" aria-hidden="true">
              *
            </span>
          ) : null}
        </span>
      ) : null}
      {hint ? (
        <p className="chip-select__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <div
        ref={groupRef}
        role="group"
        className="chip-select__chips"
        aria-labelledby={labelId}
        aria-label={labelId ? undefined : aria['aria-label']}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          if (onBlur && !event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur();
        }}
      >
        {normalized.map((option) => {
          const isOn = selected.has(option.value);
          return (
            <button
              key={option.value}
              type="button"
              className={clsx('chip', isOn && 'chip--on')}
              aria-pressed={isOn}
              disabled={disabled || (!isOn && atMax)}
              onClick={() => toggle(option.value)}
            >
              {isOn ? <Check className="chip__check" aria-hidden="true" /> : null}
              {option.label}
            </button>
          );
        })}
      </div>
      {error ? (
        <p className="chip-select__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
