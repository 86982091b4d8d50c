import clsx from 'clsx';
import type { ReactNode } from 'react';

export type Choice = { value: string; label: string; hint?: ReactNode };

/**
 * One choice among a few, as large cards: native radio inputs (arrow keys move, Space picks) in a
 * fieldset with a visible legend and the field's error under it.
 */
export function ChoiceCards({
  legend,
  name,
  choices,
  value,
  onChange,
  error,
}: {
  legend: string;
  name: string;
  choices: readonly Choice[];
  value: string | null | undefined;
  onChange: (value: string) => void;
  error?: string;
}) {
  const errorId = error ? `${name}-error` : undefined;
  return (
    <fieldset className="choice-cards" aria-describedby={errorId}>
      <legend className="field__label">{legend}</legend>
      <div className="choice-cards__grid">
        {choices.map((choice, index) => {
          const labelId = `${name}-choice-${index}`;
          const hintId = choice.hint ? `${labelId}-hint` : undefined;
          return (
            <label
              key={choice.value}
              className={clsx('choice-card', value === choice.value && 'choice-card--checked')}
            >
              <input
                type="radio"
                name={name}
                value={choice.value}
                checked={value === choice.value}
                onChange={() => onChange(choice.value)}
                aria-labelledby={labelId}
                aria-describedby={hintId}
              />
              <span id={labelId} className="choice-card__label">
                {choice.label}
              </span>
              {choice.hint ? (
                <span id={hintId} className="choice-card__hint">
                  {choice.hint}
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
