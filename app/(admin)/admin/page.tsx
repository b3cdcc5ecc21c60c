import type { Metadata } from 'next';
import { TableHead } from '@/components/ui/table-head';
import Link from 'next/link';
import { adminOverview } from '@/lib/admin/overview';
import type { YearEndRule } from '@/lib/domain/types';
import { withPage } from '@/app/with-page';

export const metadata: Metadata = { title: 'Admin' };

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function describeRule(rule: YearEndRule): string {
  if (rule.kind === 'fixed') return `${rule.day} ${MONTHS[rule.month - 1]}`;
  return `${rule.rule === 'last' ? 'last' : 'nearest'} ${DAYS[rule.weekday]} ${rule.rule === 'last' ? 'of' : 'to the end of'} ${MONTHS[rule.month - 1]} (52/53 weeks)`;
}

export default withPage('admin', async function AdminPage({ db, viewer }) {
  const data = await adminOverview(db, viewer.tenantId);
  return (
    <div className="space-y-6">
      <div className="flex items-baseline gap-4">
        <h1 className="text-2xl font-semibold">Admin</h1>
        <Link href="/admin/monitoring" className="text-sm text-accent hover:underline">
          Monitoring and eval results →
        </Link>
      </div>
      <section className="rounded-lg border border-line bg-white" aria-labelledby="cal-h">
        <h2 id="cal-h" className="border-b border-line px-4 py-2 font-medium">
          Entities and fiscal calendars
        </h2>
        <table className="w-full text-sm">
          <TableHead columns={['Entity', 'Identifiers', 'Fiscal year end', 'Effective', 'Origin']} />
          <tbody>
            {data.entities.map((e) => {
              const cals = data.calendars.filter((c) => c.entityId === e.id && !c.supersededAt);
              return (
                <tr key={e.id} className="border-t border-line align-top">
                  <td className="px-4 py-2 font-medium">{e.legalName ?? e.name}</td>
                  <td className="px-4 py-2 font-mono text-xs text-muted">
                    {[e.ticker, e.cik && `CIK ${e.cik}`, e.reportingCurrency].filter(Boolean).join(' · ')}
                  </td>
                  <td className="px-4 py-2">
                    {cals.map((c) => (
                      <div key={c.id}>
                        {describeRule(c.yearEnd)} · named by {c.labelBy}
                      </div>
                    ))}
                  </td>
                  <td className="px-4 py-2 tabular">
                    {cals.map((c) => (
                      <div key={c.id}>
                        {c.effectiveFrom} → {c.effectiveTo ?? 'open'}
                      </div>
                    ))}
                  </td>
                  <td className="px-4 py-2">
                    {cals.map((c) => (
                      <div key={c.id}>
                        {c.origin}
                        {c.confidence !== null ? ` (${Math.round(c.confidence * 100)}%)` : ''}
                      </div>
                    ))}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      <section className="rounded-lg border border-line bg-white" aria-labelledby="src-h">
        <h2 id="src-h" className="border-b border-line px-4 py-2 font-medium">
          Sources
        </h2>
        <table className="w-full text-sm">
          <TableHead columns={['Title', 'Kind', 'Filing', 'Version', 'State']} />
          <tbody>
            {data.sources.map((s) => (
              <tr key={s.id} className="border-t border-line">
                <td className="px-4 py-2">{s.title}</td>
                <td className="whitespace-nowrap px-4 py-2">{s.kind}</td>
                <td className="px-4 py-2 font-mono text-xs">
                  {s.form} {s.accession} {s.filedAt && `· ${s.filedAt}`}
                </td>
                <td className="px-4 py-2">v{s.version}</td>
                <td className="px-4 py-2">{s.revoked ? <span className="text-bad">revoked</span> : 'active'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="rounded-lg border border-line bg-white" aria-labelledby="audit-h">
        <h2 id="audit-h" className="border-b border-line px-4 py-2 font-medium">
          Audit log
        </h2>
        <ul className="divide-y divide-line text-sm">
          {data.audit.map((a) => (
            <li key={a.id} className="flex gap-4 px-4 py-2">
              <span className="tabular text-muted">{a.createdAt.toISOString().slice(0, 19).replace('T', ' ')}</span>
              <span className="font-mono">{a.action}</span>
              <span>{a.actor}</span>
              <span className="text-muted">{a.reason}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
});
