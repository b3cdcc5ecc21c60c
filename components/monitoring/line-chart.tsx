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
}

export function niceMax(v: number): number {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  const f = v / p;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p;
}

export function LineChart({ title, x, series, format = (v) => String(Math.round(v)), yMax, height = 160 }: LineChartProps) {
  const width = 640;
  const pad = { l: 44, r: 12, t: 10, b: 24 };
  const w = width - pad.l - pad.r;
  const h = height - pad.t - pad.b;
  const max = yMax ?? niceMax(Math.max(0, ...series.flatMap((s) => s.values)));
  const px = (i: number) => pad.l + (x.length <= 1 ? w / 2 : (i * w) / (x.length - 1));
  const py = (v: number) => pad.t + h - (Math.max(0, v) / max) * h;
  const ticks = [0, max / 2, max];
  const labelEvery = Math.max(1, Math.ceil(x.length / 6));
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
            <text x={pad.l - 6} y={py(t) + 4} fontSize="10" textAnchor="end" fill="#64748b">
              {format(t)}
            </text>
          </g>
        ))}
        {x.map((d, i) =>
          i % labelEvery === 0 || i === x.length - 1 ? (
            <text key={d + i} x={px(i)} y={height - 6} fontSize="10" textAnchor="middle" fill="#64748b">
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
              {s.values.map((v, i) => (v > 0 || s.values.length === 1 ? <circle key={i} cx={px(i)} cy={py(v)} r="2.5" fill={color} /> : null))}
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
            {s.label} ({format(s.values.reduce((a, v) => a + v, 0))} total)
          </li>
        ))}
      </ul>
      <table className="sr-only">
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
    </figure>
  );
}
