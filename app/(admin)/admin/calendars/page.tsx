import type { Metadata } from 'next';
import { TableHead } from '@/components/ui/table-head';
import Link from 'next/link';
import { CalendarImport } from '@/components/admin/calendar-import';
import { Section } from '@/components/admin/section';
import { formatWhen } from '@/lib/format';
import { listCalendars } from '@/lib/admin/calendars';
import { describeRule } from '@/lib/fiscal/year-end';
import { importCalendarsAction } from './actions';
import { withPage } from '@/app/with-page';

export const metadata: Metadata = { title: 'Fiscal calendars' };

export default withPage('admin', async function CalendarsPage({ db, viewer }) {
  const list = await listCalendars(db, viewer.tenantId);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Fiscal calendars</h1>
      <p className="max-w-3xl text-sm text-muted">
        Effective-dated calendars per entity. A change re-derives the fiscal year and period of the entity’s facts in one transaction and is
        recorded in the audit log with its reason.
      </p>
      <Section
        title="Registry"
        id="registry-h"
        actions={
          <a href="/admin/calendars/export" className="text-sm text-accent hover:underline" download>
            Export JSON
          </a>
        }
      >
        <table className="w-full text-sm" data-testid="calendar-registry">
          <TableHead columns={['Entity', 'Year end', 'Named by', 'Effective', 'Origin', 'Changed']} />
          <tbody>
            {list.map(({ entity, calendars }) => (
              <tr key={entity.id} className="border-t border-line align-top">
                <td className="px-4 py-2">
                  <Link href={`/admin/calendars/${entity.id}`} className="font-medium text-accent hover:underline">
                    {entity.name}
                  </Link>
                  {entity.ticker && <span className="ml-2 font-mono text-xs text-muted">{entity.ticker}</span>}
                </td>
                {calendars.length === 0 ? (
                  <td colSpan={5} className="px-4 py-2 text-warn">
                    No calendar: questions about periods cannot be answered for this entity.
                  </td>
                ) : (
                  <>
                    <td className="px-4 py-2">
                      {calendars.map((c) => (
                        <div key={c.id}>{describeRule(c.yearEnd)}</div>
                      ))}
                    </td>
                    <td className="px-4 py-2">
                      {calendars.map((c) => (
                        <div key={c.id}>{c.labelBy}</div>
                      ))}
                    </td>
                    <td className="tabular px-4 py-2">
                      {calendars.map((c) => (
                        <div key={c.id}>
                          {c.effectiveFrom} → {c.effectiveTo ?? 'open'}
                        </div>
                      ))}
                    </td>
                    <td className="px-4 py-2">
                      {calendars.map((c) => (
                        <div key={c.id}>{c.origin}</div>
                      ))}
                    </td>
                    <td className="px-4 py-2 text-xs text-muted">
                      {calendars.map((c) => (
                        <div key={c.id}>{formatWhen(c.createdAt)}</div>
                      ))}
                    </td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section title="Import" id="import-h">
        <div className="p-4">
          <CalendarImport action={importCalendarsAction} />
        </div>
      </Section>
    </div>
  );
});
