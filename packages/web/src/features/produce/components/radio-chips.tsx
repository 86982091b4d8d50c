/** A group of radio "chips" (native radios: arrow keys move, the group is one tab stop). */
export function RadioChips<T extends { id: number; name: string }>({
  legend,
  name,
  items,
  value,
  onChange,
  swatch,
  hint,
}: {
  legend: string;
  name: string;
  items: T[];
  value: number | null;
  onChange: (id: number) => void;
  swatch?: (item: T) => string | null;
  hint?: (item: T) => string | null;
}) {
  return (
    <fieldset className="chips-field">
      <legend className="field__label">{legend}</legend>
      <div className="radio-chips">
        {items.map((item) => {
          const color = swatch?.(item) ?? null;
          const extra = hint?.(item);
          return (
            <label key={item.id} className="radio-chip">
              <input
                type="radio"
                name={name}
                value={item.id}
                checked={value === item.id}
                onChange={() => onChange(item.id)}
              />
              <span className="radio-chip__face">
                {color ? (
                  <span className="radio-chip__swatch" style={{ background: color }} aria-hidden="true" />
                ) : null}
                <span>{item.name}</span>
                {extra ? <span className="radio-chip__hint">{extra}</span> : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
