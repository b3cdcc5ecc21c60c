/**
 * A small server-rendered SVG line chart (no chart library): one polyline per series over shared x
 * labels, y from 0 to the maximum, a legend, and the numbers in a visually hidden table for screen
 * readers.
 */
const PALETTE = ['#1d4ed8', '#b91c1c', '#047857', '#b45309', '#7c3aed', '#0e7490', '#be185d'];

export interface ChartSeries {
  label: string;
  values: number[];
}

export interface LineChartProps {
  title: string;
  /** x labels (ISO days, run dates) */
  x: string[];
  series: ChartSeries[];
  /** y tick formatter */
  format?: (v: number) => string;
  /** fixed y maximum (e.g. 1 for rates) */
  yMax?: number;
  height?: number;
  /** drawing width in SVG units: the narrower it is, the larger the labels look in a narrow column */
  width?: number;
  /**
   * what each value is: `count` (events per day: the legend says the window's total) or `level` (a latency, a
   * rate: summing is meaningless, the legend says the latest recorded value and the highest)
   */
  measure?: 'count' | 'level';
}

/** The legend's figure for one series: a count's total, a level's latest and highest recorded value (0 = nothing recorded). */
export function legendSummary(values: number[], measure: 'count' | 'level', format: (v: number) => string): string {
  if (measure === 'count') return `${format(values.reduce((a, v) => a + v, 0))} total`;
  const recorded = values.filter((v) => v > 0);
  if (recorded.length === 0) return 'none recorded';
  return `latest ${format(recorded.at(-1) ?? 0)}, highest ${format(Math.max(...recorded))}`;
}

export function niceMax(v: number): number {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  const f = v / p;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p;
}

const plain = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));

export function LineChart({ title, x, series, format = plain, yMax, height = 180, width = 640, measure = 'count' }: LineChartProps) {
  const pad = { l: 44, r: 14, t: 10, b: 26 };
  const w = width - pad.l - pad.r;
  const h = height - pad.t - pad.b;
  const max = yMax ?? niceMax(Math.max(0, ...series.flatMap((s) => s.values)));
  const px = (i: number) => pad.l + (x.length <= 1 ? w / 2 : (i * w) / (x.length - 1));
  const py = (v: number) => pad.t + h - (Math.max(0, v) / max) * h;
  // counts have no half ticks: a maximum of 1 or 5 is drawn 0 and max only
  const ticks = yMax !== undefined || Number.isInteger(max / 2) ? [0, max / 2, max] : [0, max];
  const labelEvery = Math.max(1, Math.ceil(x.length / (width < 500 ? 4 : 6)));
  const id = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const empty = series.every((s) => s.values.every((v) => v === 0));
  return (
    <figure className="space-y-1">
      <figcaption className="text-sm font-medium">{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} className="w-full" role="img" aria-labelledby={`${id}-t`}>
        <title id={`${id}-t`}>{title}</title>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={pad.l} x2={width - pad.r} y1={py(t)} y2={py(t)} stroke="#e2e8f0" />
            <text x={pad.l - 6} y={py(t) + 4} fontSize="12" textAnchor="end" fill="#64748b">
              {format(t)}
            </text>
          </g>
        ))}
        {x.map((d, i) =>
          i % labelEvery === 0 || i === x.length - 1 ? (
            <text
              key={d + i}
              x={px(i)}
              y={height - 6}
              fontSize="12"
              textAnchor={i === x.length - 1 && x.length > 1 ? 'end' : 'middle'}
              fill="#64748b"
            >
              {d.length > 5 ? d.slice(5) : d}
            </text>
          ) : null,
        )}
        {series.map((s, k) => {
          const color = PALETTE[k % PALETTE.length];
          const pts = s.values.map((v, i) => `${px(i).toFixed(1)},${py(v).toFixed(1)}`).join(' ');
          return (
            <g key={s.label}>
              {s.values.length > 1 ? <polyline points={pts} fill="none" stroke={color} strokeWidth="2" /> : null}
              {s.values.map((v, i) =>
                v > 0 || s.values.length === 1 ? <circle key={i} cx={px(i)} cy={py(v)} r="2.5" fill={color} /> : null,
              )}
            </g>
          );
        })}
        {empty ? (
          <text x={pad.l + w / 2} y={pad.t + h / 2} fontSize="12" textAnchor="middle" fill="#94a3b8">
            nothing recorded in this window
          </text>
        ) : null}
      </svg>
      <ul className="flex flex-wrap gap-3 text-xs text-muted">
        {series.map((s, k) => (
          <li key={s.label} className="flex items-center gap-1">
            <span aria-hidden className="inline-block h-2 w-3 rounded-sm" style={{ background: PALETTE[k % PALETTE.length] }} />
            {s.label} ({legendSummary(s.values, measure, format)})
          </li>
        ))}
      </ul>
      {/* sr-only on a wrapper: a table ignores the 1 px width and would widen the page by its full size */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th>Date</th>
              {series.map((s) => (
                <th key={s.label}>{s.label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {x.map((d, i) => (
              <tr key={d + i}>
                <td>{d}</td>
                {series.map((s) => (
                  <td key={s.label}>{format(s.values[i] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
