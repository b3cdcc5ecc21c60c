import type { ScreenParams } from '@/lib/screens/screen-params';

interface Props {
  params: ScreenParams;
  metrics: { id: string; label: string }[];
}

const field = 'rounded border border-line bg-white px-2 py-1.5 text-sm';
const label = 'flex flex-col gap-1 text-xs text-muted';

function MetricSelect({ name, value, metrics, empty }: { name: string; value: string; metrics: Props['metrics']; empty: string }) {
  return (
    <select id={`screen-${name}`} name={name} defaultValue={value} className={field}>
      <option value="">{empty}</option>
      {metrics.map((m) => (
        <option key={m.id} value={m.id}>
          {m.label}
        </option>
      ))}
    </select>
  );
}

/** Plain GET form: the screen lives in the URL, so every screen is linkable and works without JavaScript. */
export function ScreenForm({ params, metrics }: Props) {
  return (
    <form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-line bg-white p-3" aria-label="Screen">
      <label className={label}>
        Year
        <input
          name="year"
          inputMode="numeric"
          pattern="\d{4}"
          placeholder="2024"
          defaultValue={params.year}
          className={`${field} w-20`}
          required
        />
      </label>
      <label className={label}>
        Year basis
        <select name="basis" defaultValue={params.basis} className={field}>
          <option value="fiscal">Each company’s fiscal year</option>
          <option value="calendar">Fiscal year ending in the calendar year</option>
        </select>
      </label>
      <label className={label} htmlFor="screen-metric">
        Measure
        <MetricSelect name="metric" value={params.metric} metrics={metrics} empty="Choose a measure" />
      </label>
      <label className="flex items-center gap-2 pb-2 text-sm">
        <input type="checkbox" name="growth" value="1" defaultChecked={params.growth} />
        Growth on the prior fiscal year
      </label>
      <label className={label}>
        Growth above (%)
        <input name="minGrowth" inputMode="decimal" defaultValue={params.minGrowth} className={`${field} w-24`} />
      </label>
      <label className={label} htmlFor="screen-num">
        Ratio: numerator
        <MetricSelect name="num" value={params.num} metrics={metrics} empty="None" />
      </label>
      <label className={label} htmlFor="screen-den">
        ÷ denominator
        <MetricSelect name="den" value={params.den} metrics={metrics} empty="None" />
      </label>
      <label className={label}>
        SIC codes or prefixes
        <input name="sic" placeholder="3674, 367" defaultValue={params.sic} className={`${field} w-32`} />
      </label>
      <label className={label}>
        Top
        <input name="limit" inputMode="numeric" placeholder="25" defaultValue={params.limit} className={`${field} w-16`} />
      </label>
      <button type="submit" className="rounded bg-accent px-3 py-1.5 text-sm font-medium text-white">
        Run screen
      </button>
    </form>
  );
}
