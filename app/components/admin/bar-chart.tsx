import { useId } from "react";

/**
 * One series per day, ready to draw: the words and numbers are written by the loader (app/services/admin-charts.server.ts),
 * so the page's script carries no formatting code.
 */
export interface ChartView {
  key: string;
  title: string;
  /** The image's accessible name: what it shows, over which days, in all. */
  label: string;
  dayLabel: string;
  valueLabel: string;
  /** The highest day, written; the bars' scale. */
  maxText: string;
  /** Per day: the day and the value as written, and the bar's height in percent of the highest day. */
  rows: { day: string; dayText: string; valueText: string; height: number }[];
}

/**
 * A bar chart drawn on the server (docs/product.md §6.9): plain SVG, no script. The chart is one image with a label
 * that says what it shows and its total; the numbers themselves are in the table beside it, which screen readers
 * read instead of the bars.
 */
export function BarChart({ chart }: { chart: ChartView }) {
  const id = useId();
  const { rows } = chart;
  // One unit of width per day, bars 80 % of it.
  return (
    <figure className="admin-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="h6">
        {chart.title}
      </figcaption>
      <div className="admin-chart-body">
        <div className="admin-chart-drawing">
          <div className="small text-body-secondary" aria-hidden="true">
            {chart.maxText}
          </div>
          <svg
            viewBox={`0 0 ${rows.length} 100`}
            preserveAspectRatio="none"
            role="img"
            aria-label={chart.label}
            className="text-primary"
          >
            <line x1="0" y1="99.5" x2={rows.length} y2="99.5" className="admin-chart-axis" />
            {rows.map((row, i) =>
              row.height > 0 ? (
                <rect
                  key={row.day}
                  x={i + 0.1}
                  width={0.8}
                  y={99 - row.height}
                  height={row.height}
                  className="admin-chart-bar"
                >
                  <title>{`${row.dayText}: ${row.valueText}`}</title>
                </rect>
              ) : null,
            )}
          </svg>
          <div className="admin-chart-scale small text-body-secondary" aria-hidden="true">
            <span>{rows[0]?.dayText}</span>
            <span>{rows.at(-1)?.dayText}</span>
          </div>
        </div>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the keyboard's focus to scroll */}
        <section className="admin-chart-table" tabIndex={0} aria-labelledby={`${id}-title`}>
          <table className="table table-sm mb-0">
            <caption className="visually-hidden">{chart.title}</caption>
            <thead>
              <tr>
                <th scope="col">{chart.dayLabel}</th>
                <th scope="col">{chart.valueLabel}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.day}>
                  <th scope="row" className="fw-normal">
                    {row.dayText}
                  </th>
                  <td>{row.valueText}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </figure>
  );
}
