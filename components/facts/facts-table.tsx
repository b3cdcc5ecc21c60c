'use client';

import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import type { FactFilters, FactListRow } from '@/lib/facts/list-facts';
import { formatFactValue } from '@/lib/format';
import { FactEvidenceButton } from '@/components/answer/citation-popover';

/** Display names of a fact: the ontology's metric label, the filer's concept label, readable members. */
export interface FactLabels {
  metric: string | null;
  concept: string | null;
  members: string[];
}

function columnsFor(labels: Record<string, FactLabels>): DataTableColumn<FactListRow>[] {
  return [
    { id: 'entity', header: 'Entity', accessorFn: (r) => r.entityName },
    {
      id: 'metric',
      header: 'Metric / concept',
      accessorFn: (r) => r.metricId,
      cell: ({ row }) => {
        const l = labels[row.original.id];
        return (
          <div>
            <div className="text-xs text-muted sm:hidden">{row.original.entityName}</div>
            <div className="font-medium">{l?.metric ?? row.original.metricId ?? <span className="text-muted">unmapped</span>}</div>
            {l?.concept && <div className="text-xs">{l.concept}</div>}
            <div className="break-all font-mono text-xs text-muted">
              {row.original.metricId && l?.metric ? `${row.original.metricId} · ` : ''}
              {row.original.concept}
            </div>
            {Object.keys(row.original.dimensions).length > 0 && (
              <div
                className="text-xs text-warn"
                title={Object.entries(row.original.dimensions)
                  .map(([k, v]) => `${k}=${v}`)
                  .join(', ')}
              >
                {(l?.members.length ? l.members : Object.values(row.original.dimensions)).join(' · ')}
              </div>
            )}
          </div>
        );
      },
    },
    {
      id: 'value',
      header: 'Value',
      accessorFn: (r) => r.value,
      cell: ({ row }) => (
        <div className="tabular text-right">
          <div className="whitespace-nowrap font-medium">{formatFactValue(row.original)}</div>
          <div className="text-xs text-muted">
            {row.original.unit} · scale 10^{row.original.scale}
          </div>
        </div>
      ),
    },
    {
      id: 'end',
      header: 'Period',
      accessorFn: (r) => r.endDate,
      cell: ({ row }) => {
        const r = row.original;
        return (
          <div className="tabular whitespace-nowrap">
            <div>{r.periodType === 'instant' ? `as of ${r.endDate}` : `${r.startDate} → ${r.endDate}`}</div>
            <div className="text-xs text-muted">
              {r.periodType}
              {r.periodType === 'duration' ? ` · ${r.durationDays + 1} days` : ''} · {r.scope}
            </div>
          </div>
        );
      },
    },
    {
      id: 'fiscalYear',
      header: 'Fiscal',
      accessorFn: (r) => r.fiscalYear,
      cell: ({ row }) =>
        row.original.fiscalYear ? (
          <span className="whitespace-nowrap">
            {row.original.fiscalPeriod === 'FY' ? '' : `${row.original.fiscalPeriod} `}FY{row.original.fiscalYear}
          </span>
        ) : (
          <span className="text-muted">—</span>
        ),
    },
    {
      id: 'standard',
      header: 'Standard',
      accessorFn: (r) => r.accountingStandard,
      enableSorting: false,
      cell: ({ row }) => <span className="whitespace-nowrap text-xs">{standardName(row.original.accountingStandard)}</span>,
    },
    {
      id: 'filedAt',
      header: 'Source filing',
      accessorFn: (r) => r.filedAt,
      cell: ({ row }) => {
        const r = row.original;
        return (
          <div className="max-w-64">
            <div className="truncate" title={r.sourceTitle}>
              {r.form ?? 'document'} · filed {r.filedAt}
            </div>
            <div className="font-mono text-xs text-muted">{r.accession ?? r.sourceId.slice(0, 12)}</div>
            <div className="text-xs text-muted">{provenanceText(r.provenance)}</div>
            <div className="mt-1">
              <FactEvidenceButton
                factId={r.id}
                sourceId={r.sourceId}
                label={`${r.entityName} · ${r.metricId ?? r.concept} · ${formatFactValue(r)}`}
              />
            </div>
          </div>
        );
      },
    },
    {
      id: 'version',
      header: 'Version',
      accessorFn: (r) => r.version,
      cell: ({ row }) => {
        const r = row.original;
        return (
          <div className="whitespace-nowrap text-xs">
            v{r.version}
            {r.isLatest && <span className="ml-1 rounded bg-accent-soft px-1 text-accent">latest</span>}
            {r.isOriginal && <span className="ml-1 rounded bg-slate-100 px-1">original</span>}
            {r.status !== 'active' && (
              <div className="mt-1 text-warn">
                {r.status}
                {r.quarantineReason ? `: ${r.quarantineReason}` : ''}
              </div>
            )}
          </div>
        );
      },
    },
  ];
}

/** The accounting standard as an analyst reads it ('us-gaap' → 'US GAAP'); an unknown code as stored. */
function standardName(code: string): string {
  return STANDARD_NAMES[code] ?? code;
}
const STANDARD_NAMES: Record<string, string> = { 'us-gaap': 'US GAAP', ifrs: 'IFRS', 'ind-as': 'Ind AS', other: 'other' };

function provenanceText(p: FactListRow['provenance']): string {
  const parts: string[] = [];
  if (typeof p.page === 'number') parts.push(`p. ${p.page}`);
  if (typeof p.sourceLabel === 'string') parts.push(p.sourceLabel);
  if (typeof p.cellId === 'string') parts.push('table cell');
  return parts.join(' · ');
}

function exportHref(filters: FactFilters, format: 'csv' | 'xlsx'): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== null && k !== 'page' && k !== 'size') q.set(k, String(v));
  q.set('format', format);
  return `/api/exports/facts?${q.toString()}`;
}

export function FactsTable({
  rows,
  total,
  filters,
  labels = {},
}: {
  rows: FactListRow[];
  total: number;
  filters: FactFilters;
  labels?: Record<string, FactLabels>;
}) {
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-end gap-2 text-xs">
        <span className="text-muted">Export all {total.toLocaleString('en-US')} matching facts:</span>
        <a
          href={exportHref(filters, 'csv')}
          download
          className="rounded border border-line bg-white px-2 py-0.5 font-medium hover:bg-slate-50"
          data-testid="export-facts-csv"
        >
          CSV
        </a>
        <a
          href={exportHref(filters, 'xlsx')}
          download
          className="rounded border border-line bg-white px-2 py-0.5 font-medium hover:bg-slate-50"
          data-testid="export-facts-xlsx"
        >
          XLSX
        </a>
      </div>
      <DataTable
        caption="Facts"
        columns={columnsFor(labels)}
        data={rows}
        rowCount={total}
        sort={{ id: filters.sort, desc: filters.dir === 'desc' }}
        page={filters.page}
        pageSize={filters.size}
        getRowId={(r) => r.id}
        hideOnPhone={['entity', 'standard']}
      />
    </div>
  );
}
