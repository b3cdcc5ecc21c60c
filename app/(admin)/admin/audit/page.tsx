import type { Metadata } from 'next';
import { TableHead } from '@/components/ui/table-head';
import Link from 'next/link';
import { Section } from '@/components/admin/section';
import { formatWhen } from '@/lib/format';
import { listAudit, parseAuditFilters } from '@/lib/admin/audit';
import { withPage } from '@/app/with-page';

export const metadata: Metadata = { title: 'Audit log' };

/** A change as `key: value` pairs (the JSON of nested values), cut at 160 characters; the whole of it in the title. */
function summary(v: unknown): { short: string; full: string } {
  if (v === null || v === undefined) return { short: '', full: '' };
  const full =
    typeof v === 'object' && !Array.isArray(v)
      ? Object.entries(v as Record<string, unknown>)
          .map(([k, x]) => `${k}: ${typeof x === 'string' ? x : JSON.stringify(x)}`)
          .join(' · ')
      : JSON.stringify(v);
  return { short: full.length > 160 ? `${full.slice(0, 160)}…` : full, full };
}

function Change({ sign, v }: { sign: string; v: unknown }) {
  const s = summary(v);
  return (
    <div title={s.full}>
      {sign} {s.short}
    </div>
  );
}

export default withPage(
  'admin',
  async function AuditPage({ db, viewer }, { searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
    const filters = parseAuditFilters(await searchParams);
    const { rows, total } = await listAudit({ db, tenantId: viewer.tenantId, filters });
    const pages = Math.max(1, Math.ceil(total / filters.size));
    const href = (page: number) =>
      `/admin/audit?${new URLSearchParams({ ...(filters.action ? { action: filters.action } : {}), page: String(page) })}`;
    return (
      <div className="space-y-6">
        <h1 className="text-2xl font-semibold">Audit log</h1>
        <form method="get" className="flex items-end gap-2 text-sm">
          <label className="flex flex-col gap-1 text-xs text-muted">
            Action starts with
            <input
              name="action"
              defaultValue={filters.action ?? ''}
              placeholder="calendar., source.revoke, user."
              className="w-64 max-w-full rounded border border-line px-2 py-1.5 text-sm"
            />
          </label>
          <button type="submit" className="rounded border border-line px-3 py-1.5 hover:bg-slate-100">
            Filter
          </button>
        </form>
        <Section title={`${total.toLocaleString('en-US')} entries`} id="audit-h">
          <table className="w-full text-sm" data-testid="audit-table">
            <TableHead columns={['When', 'Who', 'Action', 'Target', 'Why', 'Change']} />
            <tbody>
              {rows.map((a) => (
                <tr key={a.id} className="border-t border-line align-top">
                  <td className="tabular whitespace-nowrap px-4 py-2 text-xs">{formatWhen(a.createdAt)}</td>
                  <td className="px-4 py-2">{a.actorName ?? a.actor}</td>
                  <td className="px-4 py-2 font-mono text-xs">{a.action}</td>
                  <td className="px-4 py-2 font-mono text-xs">
                    {a.targetType} {a.targetId?.slice(0, 12)}
                  </td>
                  <td className="min-w-40 px-4 py-2 [overflow-wrap:anywhere]">{a.reason}</td>
                  <td className="min-w-64 px-4 py-2 font-mono text-xs text-muted [overflow-wrap:anywhere]">
                    {a.before !== null && <Change sign="−" v={a.before} />}
                    {a.after !== null && <Change sign="+" v={a.after} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>
        <nav aria-label="Pages" className="flex gap-3 text-sm">
          {filters.page > 1 && <Link href={href(filters.page - 1)}>← Newer</Link>}
          <span className="text-muted">
            Page {filters.page} of {pages}
          </span>
          {filters.page < pages && <Link href={href(filters.page + 1)}>Older →</Link>}
        </nav>
      </div>
    );
  },
);
