import type { FactFilters } from '@/lib/facts/list-facts';

interface Props {
  filters: FactFilters;
  options: { entities: { id: string; name: string }[]; metrics: string[]; fiscalYears: number[] };
}

const selectClass = 'rounded border border-line bg-white px-2 py-1.5 text-sm';

/** Plain GET form: filters live in the URL, so every view is linkable and works without JavaScript. */
export function FactsFilters({ filters, options }: Props) {
  return (
    <form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-line bg-white p-3" aria-label="Fact filters">
      <label className="flex flex-col gap-1 text-xs text-muted">
        Entity
        <select name="entity" defaultValue={filters.entity ?? ''} className={selectClass}>
          <option value="">All entities</option>
          {options.entities.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs text-muted">
        Metric
        <select name="metric" defaultValue={filters.metric ?? ''} className={selectClass}>
          <option value="">All metrics</option>
          {options.metrics.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs text-muted">
        Fiscal year
        <select name="fy" defaultValue={filters.fy ?? ''} className={selectClass}>
          <option value="">Any</option>
          {options.fiscalYears.map((y) => (
            <option key={y} value={y}>
              FY{y}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs text-muted">
        Fiscal period
        <select name="fp" defaultValue={filters.fp ?? ''} className={selectClass}>
          <option value="">Any</option>
          {['FY', 'Q1', 'Q2', 'Q3', 'Q4', 'H1', 'H2', '9M', 'TRANSITION', 'OTHER'].map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs text-muted">
        Period type
        <select name="ptype" defaultValue={filters.ptype ?? ''} className={selectClass}>
          <option value="">Any</option>
          <option value="duration">duration</option>
          <option value="instant">instant</option>
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs text-muted">
        Versions
        <select name="version" defaultValue={filters.version} className={selectClass}>
          <option value="latest">latest only</option>
          <option value="all">all versions</option>
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs text-muted">
        Status
        <select name="status" defaultValue={filters.status} className={selectClass}>
          <option value="active">active</option>
          <option value="quarantined">quarantined</option>
          <option value="rejected">rejected</option>
          <option value="any">any</option>
        </select>
      </label>
      <input type="hidden" name="size" value={filters.size} />
      <button type="submit" className="rounded bg-accent px-3 py-1.5 text-sm font-medium text-white">
        Apply
      </button>
      <a href="/facts" className="py-1.5 text-sm text-muted underline">
        Reset
      </a>
    </form>
  );
}
