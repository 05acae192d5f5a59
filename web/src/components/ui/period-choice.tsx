import './period-choice.css';

export interface Period<Value> {
  value: Value;
  name: string;
}

/** The period a page's figures cover: a row of toggle buttons, the chosen one pressed. */
export function PeriodChoice<Value extends number>({
  periods,
  value,
  onChange,
}: {
  periods: readonly Period<Value>[];
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <div className="period-choice" role="group" aria-label="Period">
      {periods.map((period) => (
        <button
          key={period.value}
          type="button"
          className="button button--secondary button--small"
          aria-pressed={period.value === value}
          onClick={() => onChange(period.value)}
        >
          {period.name}
        </button>
      ))}
    </div>
  );
}
