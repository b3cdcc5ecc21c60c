'use client';

import {
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type PaginationState,
  type RowData,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useTransition } from 'react';

export const dataTableFeatures = tableFeatures({ rowSortingFeature, rowPaginationFeature });
export type DataTableColumn<T extends RowData> = ColumnDef<typeof dataTableFeatures, T>;

export interface DataTableProps<T extends RowData> {
  columns: DataTableColumn<T>[];
  data: T[];
  rowCount: number;
  /** current server-side sort and page, as read from the URL */
  sort: { id: string; desc: boolean };
  page: number;
  pageSize: number;
  getRowId: (row: T) => string;
  caption: string;
  emptyText?: string;
  /** columns left out below the `sm` breakpoint (a phone), when another column already shows what they say */
  hideOnPhone?: string[];
}

function apply<S>(updater: Updater<S>, old: S): S {
  return typeof updater === 'function' ? (updater as (o: S) => S)(old) : updater;
}

/**
 * The one table wrapper: sorting and pagination are server-driven (URL search params → SQL);
 * the table only renders the current page and turns clicks into URL changes.
 */
export function DataTable<T extends RowData>({
  columns,
  data,
  rowCount,
  sort,
  page,
  pageSize,
  getRowId,
  caption,
  emptyText,
  hideOnPhone = [],
}: DataTableProps<T>) {
  const phone = (id: string) => (hideOnPhone.includes(id) ? 'hidden sm:table-cell' : '');
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();
  const sorting: SortingState = [{ id: sort.id, desc: sort.desc }];
  const pagination: PaginationState = { pageIndex: page - 1, pageSize };

  const navigate = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params.toString());
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    startTransition(() => router.push(`${pathname}?${next.toString()}`));
  };

  const table = useTable<typeof dataTableFeatures, T>({
    features: dataTableFeatures,
    columns,
    data,
    getRowId: (row) => getRowId(row),
    manualSorting: true,
    manualPagination: true,
    rowCount,
    state: { sorting, pagination },
    onSortingChange: (updater) => {
      const next = apply(updater, sorting)[0];
      navigate({ sort: next?.id ?? null, dir: next ? (next.desc ? 'desc' : 'asc') : null, page: null });
    },
    onPaginationChange: (updater) => {
      const next = apply(updater, pagination);
      navigate({ page: String(next.pageIndex + 1), size: String(next.pageSize) });
    },
  });

  const pageCount = Math.max(1, Math.ceil(rowCount / pageSize));
  return (
    <div className="overflow-hidden rounded-lg border border-line bg-white" aria-busy={pending}>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-muted">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const canSort = header.column.getCanSort();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={`whitespace-nowrap px-3 py-2 font-medium ${phone(header.column.id)}`}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {canSort ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 uppercase tracking-wide hover:text-ink"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          <table.FlexRender header={header} />
                          <span aria-hidden>{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className={pending ? 'opacity-60' : undefined}>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-t border-line align-top hover:bg-slate-50" data-testid="data-row">
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className={`px-3 py-2 ${phone(cell.column.id)}`}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
            {data.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="px-3 py-8 text-center text-muted">
                  {emptyText ?? 'Nothing matches these filters.'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <div className="flex items-center justify-between border-t border-line px-3 py-2 text-sm text-muted">
        <span data-testid="row-count">
          {rowCount.toLocaleString('en-US')} {rowCount === 1 ? 'row' : 'rows'}
        </span>
        <div className="flex items-center gap-2">
          <button
            type="button"
            className="rounded border border-line px-2 py-1 disabled:opacity-40"
            onClick={() => table.previousPage()}
            disabled={page <= 1}
          >
            Previous
          </button>
          <span>
            Page {page} of {pageCount}
          </span>
          <button
            type="button"
            className="rounded border border-line px-2 py-1 disabled:opacity-40"
            onClick={() => table.nextPage()}
            disabled={page >= pageCount}
          >
            Next
          </button>
        </div>
      </div>
    </div>
  );
}
