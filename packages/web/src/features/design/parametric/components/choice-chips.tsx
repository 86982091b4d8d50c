/** A group of radio chips over string values (native radios: arrow keys move, the group is one tab stop). */
export function ChoiceChips<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="chips-field">
      <legend className="field__label">{legend}</legend>
      <div className="radio-chips">
        {options.map((option) => (
          <label key={option.value} className="radio-chip">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span className="radio-chip__face">
              <span>{option.label}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
