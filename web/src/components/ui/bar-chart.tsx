import { Fragment, type ReactNode } from 'react';
import './bar-chart.css';

/** The drawing's own units: the picture stretches to the figure's width and is 160 px high. */
export const CHART_WIDTH = 600;
export const CHART_HEIGHT = 160;

/** How a bar and its swatch in the key are painted. */
export type BarTone = 'soft' | 'accent' | 'danger';

/** One bar of a row, in the drawing's units: its top and its height. */
export interface Bar {
  tone: BarTone;
  y: number;
  height: number;
}

export interface BarChartColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

export interface BarChartProps<Row> {
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  caption: string;
  /** Where the line the bars stand on (or hang from) is drawn. */
  axis: number;
  /** The narrowest a bar may be, however many rows share the width. */
  minBarWidth: number;
  /** A row's bars, drawn in this order in the row's slot; a bar of no height is left out. */
  bars: (row: Row) => Bar[];
  legend: { tone: BarTone; label: string }[];
  /** The hidden table's columns; the first one names each row. */
  columns: BarChartColumn<Row>[];
}

/**
 * Bars in plain SVG, one slot a row (no charting library: decision 62). The picture is hidden from
 * screen readers; the table beside it, hidden from sight, says the same row by row.
 */
export function BarChart<Row>({
  rows,
  rowKey,
  caption,
  axis,
  minBarWidth,
  bars,
  legend,
  columns,
}: BarChartProps<Row>) {
  const slot = CHART_WIDTH / Math.max(1, rows.length);
  const width = Math.max(minBarWidth, slot * 0.7);
  const [head, ...rest] = columns;
  return (
    <figure className="bar-chart">
      <svg
        className="bar-chart__svg"
        viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`}
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        <line className="bar-chart__axis" x1="0" x2={CHART_WIDTH} y1={axis} y2={axis} />
        {rows.map((row, index) => {
          const x = index * slot + (slot - width) / 2;
          return (
            <g key={rowKey(row)}>
              {bars(row).map((bar, order) =>
                bar.height > 0 ? (
                  <rect
                    key={order}
                    className={`bar-chart__bar bar-chart__bar--${bar.tone}`}
                    x={x}
                    y={bar.y}
                    width={width}
                    height={bar.height}
                  />
                ) : null,
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="bar-chart__caption">
        {caption}
        <span className="bar-chart__key">
          {legend.map((entry) => (
            <Fragment key={entry.tone}>
              <span className={`bar-chart__swatch bar-chart__swatch--${entry.tone}`} aria-hidden="true" />
              {` ${entry.label}`}
            </Fragment>
          ))}
        </span>
      </figcaption>
      {/* Hidden by a wrapper: a table's width ignores the hiding class's 1px. */}
      <div className="visually-hidden">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {head ? <th scope="row">{head.cell(row)}</th> : null}
                {rest.map((column) => (
                  <td key={column.header}>{column.cell(row)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
