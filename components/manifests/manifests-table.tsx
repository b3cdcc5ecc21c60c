'use client';

import Link from 'next/link';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import type { ManifestFilters, ManifestRow } from '@/lib/evidence/list-manifests';

const columns: DataTableColumn<ManifestRow>[] = [
  {
    id: 'createdAt',
    header: 'Asked',
    accessorFn: (r) => r.createdAt,
    cell: ({ row }) => <span className="tabular whitespace-nowrap">{row.original.createdAt.slice(0, 19).replace('T', ' ')}</span>,
  },
  {
    id: 'question',
    header: 'Question',
    accessorFn: (r) => r.question,
    enableSorting: false,
    cell: ({ row }) => (
      <Link className="inline-block min-w-48 text-accent underline" href={`/manifests/${row.original.id}`}>
        {row.original.question}
      </Link>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    accessorFn: (r) => r.status,
    cell: ({ row }) => (
      <div>
        <div>{row.original.status}</div>
        {row.original.errorCodes.length > 0 && <div className="font-mono text-xs text-bad">{row.original.errorCodes.join(', ')}</div>}
      </div>
    ),
  },
  { id: 'pathway', header: 'Pathway', accessorFn: (r) => r.pathway ?? '—', enableSorting: false },
  { id: 'user', header: 'User', accessorFn: (r) => r.userName ?? '—', enableSorting: false },
  { id: 'latencyMs', header: 'Latency', accessorFn: (r) => (r.latencyMs === null ? '—' : `${r.latencyMs} ms`) },
];

export function ManifestsTable({ rows, total, filters }: { rows: ManifestRow[]; total: number; filters: ManifestFilters }) {
  return (
    <DataTable
      caption="Evidence manifests"
      columns={columns}
      data={rows}
      rowCount={total}
      sort={{ id: filters.sort, desc: filters.dir === 'desc' }}
      page={filters.page}
      pageSize={filters.size}
      getRowId={(r) => r.id}
      emptyText="No answers recorded yet."
    />
  );
}
