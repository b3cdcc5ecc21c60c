import type { Metadata } from 'next';
import { TableHead } from '@/components/ui/table-head';
import Link from 'next/link';
import { ActionForm } from '@/components/admin/action-form';
import { inputClass, labelClass } from '@/components/ui/form-classes';
import { Section } from '@/components/admin/section';
import { formatWhen } from '@/lib/format';
import { CalendarImpactView } from '@/components/admin/calendar-impact';
import { calendarImpact } from '@/lib/admin/calendar-impact';
import {
  applyChange,
  calendarRuleSchema,
  entityCalendars,
  lastCalendarChange,
  previewCalendars,
  type PreviewYear,
} from '@/lib/admin/calendars';
import { isAppError } from '@/lib/errors';
import { describeRule, WEEKDAY_NAMES } from '@/lib/fiscal/year-end';
import { changeCalendarAction, revertCalendarAction } from '../actions';
import { withPage } from '@/app/with-page';

export const metadata: Metadata = { title: 'Fiscal calendar' };

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

type Params = Record<string, string | string[] | undefined>;
const one = (p: Params, k: string) => (typeof p[k] === 'string' ? (p[k] as string) : undefined);

function PreviewTable({ years, transitions }: { years: PreviewYear[]; transitions: { start: string; end: string; days: number }[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="calendar-preview">
        <thead className="bg-slate-50 text-left text-xs uppercase text-muted">
          <tr>
            <th className="px-3 py-2">Fiscal year</th>
            <th className="px-3 py-2">Start</th>
            <th className="px-3 py-2">End</th>
            <th className="px-3 py-2">Days</th>
            <th className="px-3 py-2">Weeks</th>
            <th className="px-3 py-2">Q1</th>
            <th className="px-3 py-2">Q2</th>
            <th className="px-3 py-2">Q3</th>
            <th className="px-3 py-2">Q4</th>
          </tr>
        </thead>
        <tbody className="tabular">
          {years.map((y) => (
            <tr key={y.fiscalYear} className="border-t border-line">
              <td className="px-3 py-1.5 font-medium">FY{y.fiscalYear}</td>
              <td className="px-3 py-1.5">{y.start}</td>
              <td className="px-3 py-1.5">{y.end}</td>
              <td className="px-3 py-1.5">{y.days + 1}</td>
              <td className="px-3 py-1.5">{y.weeks ?? '—'}</td>
              {y.quarters.map((q) => (
                <td key={q.q} className="px-3 py-1.5 text-xs">
                  {q.start} – {q.end}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {transitions.length > 0 && (
        <p className="px-3 py-2 text-sm text-warn">
          Transition period{transitions.length > 1 ? 's' : ''}:{' '}
          {transitions.map((t) => `${t.start} – ${t.end} (${t.days + 1} days)`).join('; ')}
        </p>
      )}
    </div>
  );
}

/** The calendars in effect, and the newest change with its one-click revert. */
function InEffect({
  current,
  last,
  entityId,
}: {
  current: Awaited<ReturnType<typeof entityCalendars>>['current'];
  last: Awaited<ReturnType<typeof lastCalendarChange>>;
  entityId: string;
}) {
  return (
    <Section title="In effect" id="current-h">
      <ul className="divide-y divide-line text-sm">
        {current.length === 0 && <li className="px-4 py-2 text-warn">No calendar registered.</li>}
        {current.map((c) => (
          <li key={c.id} className="px-4 py-2">
            <span className="font-medium">{describeRule(c.yearEnd)}</span>, years named by their{' '}
            {c.labelBy === 'end-year' ? 'end' : 'start'} ·{' '}
            <span className="tabular">
              {c.effectiveFrom} → {c.effectiveTo ?? 'open'}
            </span>{' '}
            · {c.origin}
            {c.reason && <span className="text-muted"> — {c.reason}</span>}
          </li>
        ))}
      </ul>
      {last && (
        <div className="border-t border-line px-4 py-2 text-sm" data-testid="last-calendar-change">
          <p className="text-muted">
            Last change: audit #{last.id} · {last.action} · {formatWhen(last.createdAt)}
            {last.reason ? ` — ${last.reason}` : ''}
          </p>
          <ActionForm action={revertCalendarAction} submit="Revert this change" testId="calendar-revert-form">
            <input type="hidden" name="entityId" value={entityId} />
            <input type="hidden" name="auditId" value={last.id} />
          </ActionForm>
        </div>
      )}
    </Section>
  );
}

export default withPage(
  'admin',
  async function EntityCalendarPage(
    { db, viewer },
    { params, searchParams }: { params: Promise<{ entityId: string }>; searchParams: Promise<Params> },
  ) {
    const [{ entityId }, sp] = await Promise.all([params, searchParams]);
    let data: Awaited<ReturnType<typeof entityCalendars>>;
    try {
      data = await entityCalendars(db, viewer.tenantId, entityId);
    } catch (e) {
      if (isAppError(e) && e.status === 404) return <p role="alert">No such entity.</p>;
      throw e;
    }
    const { entity, current, history } = data;
    const thisYear = new Date().getUTCFullYear();
    const from = Math.max(1900, Number(one(sp, 'from')) || thisYear - 5);
    const to = Math.min(from + 29, Math.max(from, Number(one(sp, 'to')) || thisYear + 1));

    // the proposed rule (from the preview form), applied on top of the current set
    const kind = one(sp, 'kind');
    let proposed: ReturnType<typeof calendarRuleSchema.safeParse> | null = null;
    if (kind) {
      proposed = calendarRuleSchema.safeParse({
        effectiveFrom: one(sp, 'effectiveFrom') ?? '',
        effectiveTo: one(sp, 'effectiveTo') || null,
        yearEnd:
          kind === 'week'
            ? { kind, month: one(sp, 'month'), weekday: one(sp, 'weekday'), rule: one(sp, 'rule') }
            : { kind, month: one(sp, 'month'), day: one(sp, 'day') },
        labelBy: one(sp, 'labelBy') ?? 'end-year',
      });
    }
    const currentCals = current.map((c) => ({
      entityId: c.entityId,
      effectiveFrom: c.effectiveFrom,
      effectiveTo: c.effectiveTo,
      yearEnd: c.yearEnd,
      labelBy: c.labelBy,
    }));
    const previewSet = proposed?.success ? applyChange(currentCals, entity.id, proposed.data) : currentCals;
    const preview = previewSet.length ? previewCalendars(previewSet, from, to) : null;
    const first = current[current.length - 1];
    // before anything is registered: the fact labels and stored answers the proposed set would change
    const [impact, last] = await Promise.all([
      proposed?.success ? calendarImpact({ db, tenantId: viewer.tenantId, entityId: entity.id, next: previewSet }) : null,
      lastCalendarChange(db, viewer.tenantId, entity.id),
    ]);

    return (
      <div className="space-y-6">
        <p className="text-sm">
          <Link href="/admin/calendars" className="text-accent hover:underline">
            ← Calendars
          </Link>
        </p>
        <h1 className="text-2xl font-semibold">{entity.name}: fiscal calendar</h1>

        <InEffect current={current} last={last} entityId={entity.id} />

        <Section title="Preview and change" id="change-h">
          <div className="space-y-4 p-4">
            <form method="get" className="flex flex-wrap items-end gap-2" aria-label="Preview a rule">
              <label className={labelClass}>
                Rule
                <select name="kind" defaultValue={kind ?? first?.yearEnd.kind ?? 'fixed'} className={inputClass}>
                  <option value="fixed">fixed date</option>
                  <option value="week">52/53 weeks</option>
                </select>
              </label>
              <label className={labelClass}>
                Month
                <select name="month" defaultValue={one(sp, 'month') ?? String(first?.yearEnd.month ?? 12)} className={inputClass}>
                  {MONTHS.map((m, i) => (
                    <option key={m} value={i + 1}>
                      {m}
                    </option>
                  ))}
                </select>
              </label>
              <label className={labelClass}>
                Day (fixed)
                <input
                  name="day"
                  type="number"
                  min={1}
                  max={31}
                  defaultValue={one(sp, 'day') ?? (first?.yearEnd.kind === 'fixed' ? first.yearEnd.day : 31)}
                  className={`${inputClass} w-20`}
                />
              </label>
              <label className={labelClass}>
                Weekday (52/53)
                <select
                  name="weekday"
                  defaultValue={one(sp, 'weekday') ?? (first?.yearEnd.kind === 'week' ? String(first.yearEnd.weekday) : '6')}
                  className={inputClass}
                >
                  {WEEKDAY_NAMES.map((d, i) => (
                    <option key={d} value={i}>
                      {d}
                    </option>
                  ))}
                </select>
              </label>
              <label className={labelClass}>
                52/53 rule
                <select
                  name="rule"
                  defaultValue={one(sp, 'rule') ?? (first?.yearEnd.kind === 'week' ? first.yearEnd.rule : 'last')}
                  className={inputClass}
                >
                  <option value="last">last of the month</option>
                  <option value="nearest">nearest the month end</option>
                </select>
              </label>
              <label className={labelClass}>
                Years named by
                <select name="labelBy" defaultValue={one(sp, 'labelBy') ?? first?.labelBy ?? 'end-year'} className={inputClass}>
                  <option value="end-year">end year</option>
                  <option value="start-year">start year</option>
                </select>
              </label>
              <label className={labelClass}>
                Effective from
                <input
                  name="effectiveFrom"
                  type="date"
                  required
                  defaultValue={one(sp, 'effectiveFrom') ?? first?.effectiveFrom ?? '2000-01-01'}
                  className={inputClass}
                />
              </label>
              <label className={labelClass}>
                Preview years
                <span className="flex gap-1">
                  <input name="from" type="number" defaultValue={from} className={`${inputClass} w-24`} aria-label="From fiscal year" />
                  <input name="to" type="number" defaultValue={to} className={`${inputClass} w-24`} aria-label="To fiscal year" />
                </span>
              </label>
              <button type="submit" className="rounded border border-line px-3 py-1.5 text-sm hover:bg-slate-100">
                Preview
              </button>
            </form>
            {proposed && !proposed.success && (
              <p role="alert" className="text-sm text-bad">
                {proposed.error.issues.map((i) => i.message).join('; ')}
              </p>
            )}
            <p className="text-xs text-muted">
              {proposed?.success ? 'Fiscal years with the proposed rule:' : 'Fiscal years under the calendars in effect:'}
            </p>
            {preview ? <PreviewTable {...preview} /> : <p className="text-sm text-muted">Nothing to preview.</p>}

            {impact && <CalendarImpactView impact={impact} />}
            {proposed?.success && (
              <ActionForm action={changeCalendarAction} submit="Confirm and register this calendar" testId="calendar-change-form">
                <input type="hidden" name="entityId" value={entity.id} />
                <input type="hidden" name="effectiveFrom" value={proposed.data.effectiveFrom} />
                <input type="hidden" name="kind" value={proposed.data.yearEnd.kind} />
                <input type="hidden" name="month" value={proposed.data.yearEnd.month} />
                {proposed.data.yearEnd.kind === 'fixed' ? (
                  <input type="hidden" name="day" value={proposed.data.yearEnd.day} />
                ) : (
                  <>
                    <input type="hidden" name="weekday" value={proposed.data.yearEnd.weekday} />
                    <input type="hidden" name="rule" value={proposed.data.yearEnd.rule} />
                  </>
                )}
                <input type="hidden" name="labelBy" value={proposed.data.labelBy} />
                <label className={`${labelClass} grow`}>
                  Reason (recorded in the audit log)
                  <input
                    name="reason"
                    required
                    maxLength={1000}
                    className={inputClass}
                    placeholder="e.g. the 2024 annual report moved the year end to 31 March"
                  />
                </label>
              </ActionForm>
            )}
          </div>
        </Section>

        <Section title="History" id="history-h">
          <table className="w-full text-sm">
            <TableHead columns={['Rule', 'Effective', 'Origin', 'Reason', 'Recorded', 'Superseded']} />
            <tbody>
              {[...history].reverse().map((c) => (
                <tr key={c.id} className={`border-t border-line ${c.supersededAt ? 'text-muted' : ''}`}>
                  <td className="px-4 py-2">
                    {describeRule(c.yearEnd)} · {c.labelBy}
                  </td>
                  <td className="tabular px-4 py-2">
                    {c.effectiveFrom} → {c.effectiveTo ?? 'open'}
                  </td>
                  <td className="px-4 py-2">{c.origin}</td>
                  <td className="px-4 py-2">{c.reason}</td>
                  <td className="px-4 py-2 text-xs">{formatWhen(c.createdAt)}</td>
                  <td className="px-4 py-2 text-xs">{formatWhen(c.supersededAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>
      </div>
    );
  },
);
