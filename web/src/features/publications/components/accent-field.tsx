import { useId, useRef } from 'react';
import { FieldFrame } from '../../../components/ui/field-frame';

/** The product's own accent (styles/global.css), offered first when a publication picks one. */
const DEFAULT_ACCENT = '#3451b2';

/**
 * A publication's accent colour: a colour input, and a box to use one at all (a colour input has
 * no empty value, and a publication without one uses the site's own). '' means none.
 */
export function AccentField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const checkboxId = useId();
  // Turning the colour off and on again brings back the one picked before.
  const lastColour = useRef(value || DEFAULT_ACCENT);
  return (
    <FieldFrame
      label="Accent colour"
      hint="Links and headings on its site use it; without one, the site's own colour."
      error={error}
    >
      {(control) => (
        <div className="accent-field">
          <span className="choice accent-field__toggle">
            <input
              id={checkboxId}
              type="checkbox"
              checked={value !== ''}
              onChange={(event) => onChange(event.target.checked ? lastColour.current : '')}
            />
            <label htmlFor={checkboxId}>Use an accent colour</label>
          </span>
          <input
            {...control}
            className="accent-field__input"
            name="accentColor"
            type="color"
            disabled={value === ''}
            value={value || lastColour.current}
            onChange={(event) => {
              lastColour.current = event.target.value;
              onChange(event.target.value);
            }}
          />
        </div>
      )}
    </FieldFrame>
  );
}
