import Link from 'next/link';
import type { FormActionResult } from '@/components/admin/action-form';
import { ActionForm } from '@/components/admin/action-form';
import { inputClass, labelClass } from '@/components/ui/form-classes';
import { MetricPicker } from '@/components/admin/metric-picker';
import { Section } from '@/components/admin/section';
import type { quarantinePage } from '@/lib/admin/quarantine';

type Action = (prev: unknown, form: FormData) => Promise<FormActionResult>;

/** The stored number with thousands separators (every digit kept), as the filing printed it otherwise. */
function grouped(value: string | number | null): string {
  const s = String(value ?? '');
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(s);
  return m ? `${m[1]}${m[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${m[3] ?? ''}` : s;
}

/** One page of the quarantine review queue: totals per reason, pager, and a bind/reject form per fact. */
export function QuarantineQueue({
  q,
  bindFactAction,
  rejectFactAction,
}: {
  q: Awaited<ReturnType<typeof quarantinePage>>;
  bindFactAction: Action;
  rejectFactAction: Action;
}) {
  const queue = q.rows;
  const pager = q.pages > 1 && (
    <nav aria-label="Pages" className="flex flex-wrap items-center gap-3 text-sm">
      {q.page > 1 && (
        <Link className="text-accent hover:underline" href={`/admin/quarantine?page=${q.page - 1}`}>
          ← Previous
        </Link>
      )}
      <span className="text-muted">
        Page {q.page} of {q.pages.toLocaleString('en-US')}
      </span>
      {q.page < q.pages && (
        <Link className="text-accent hover:underline" href={`/admin/quarantine?page=${q.page + 1}`}>
          Next →
        </Link>
      )}
    </nav>
  );
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Quarantine review</h1>
      <p className="max-w-3xl text-sm text-muted">
        Numbers an extractor could not place with confidence. Bind one to a metric (and its period, when the column header was lost) to make
        it usable, or reject it. Decisions are audited.
      </p>
      <p className="text-sm" data-testid="quarantine-total">
        <span className="font-medium">{q.total.toLocaleString('en-US')}</span> waiting
        {q.reasons.length > 0 && (
          <span className="text-muted"> · {q.reasons.map((r) => `${r.reason} ${r.n.toLocaleString('en-US')}`).join(' · ')}</span>
        )}
      </p>
      {pager}
      {queue.length === 0 && <p className="text-sm text-muted">The queue is empty.</p>}
      {queue.map((f) => {
        const column = (f.provenance as { sourceLabel?: string } | null)?.sourceLabel;
        return (
          <Section
            key={f.id}
            title={`${f.entityName}: ${f.concept}`}
            id={`q-${f.id.slice(0, 12)}`}
            actions={<span className="text-xs font-medium text-warn">{f.reason}</span>}
          >
            <div className="space-y-3 p-4 text-sm" data-testid="quarantined-fact">
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 [overflow-wrap:anywhere] sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
                <dt className="text-muted">Value</dt>
                <dd className="tabular">
                  {grouped(f.value)} {f.unit}
                </dd>
                <dt className="text-muted">Period</dt>
                <dd className="tabular">{f.periodType === 'instant' ? f.endDate : `${f.startDate} – ${f.endDate}`}</dd>
                <dt className="text-muted">Source</dt>
                <dd>{f.sourceTitle}</dd>
                <dt className="text-muted">Column</dt>
                <dd>{column ?? '—'}</dd>
              </dl>
              <ActionForm action={bindFactAction} submit="Bind" testId="bind-form">
                <input type="hidden" name="factId" value={f.id} />
                <label className={`${labelClass} w-full min-w-0 sm:w-auto`}>
                  Metric
                  <MetricPicker name="metricId" defaultValue={f.metricId} className={`${inputClass} w-full min-w-0 sm:max-w-xs`} />
                </label>
                <label className={labelClass}>
                  Period start (if wrong)
                  <input type="date" name="start" className={inputClass} />
                </label>
                <label className={labelClass}>
                  Period end / date (if wrong)
                  <input type="date" name="end" className={inputClass} />
                </label>
                <label className={`${labelClass} grow`}>
                  Reason
                  <input name="reason" required maxLength={500} className={inputClass} />
                </label>
              </ActionForm>
              <ActionForm
                action={rejectFactAction}
                submit="Reject"
                submitClassName="rounded border border-bad px-3 py-1.5 text-sm text-bad hover:bg-red-50"
                testId="reject-form"
              >
                <input type="hidden" name="factId" value={f.id} />
                <label className={`${labelClass} grow`}>
                  Reason
                  <input name="reason" required maxLength={500} className={inputClass} />
                </label>
              </ActionForm>
            </div>
          </Section>
        );
      })}
      {pager}
    </div>
  );
}
