'use client';

import { useActionState, useState } from 'react';
import { inputClass, labelClass } from '@/components/ui/form-classes';

interface CalendarLike {
  effectiveFrom: string;
  effectiveTo: string | null;
  yearEnd: { kind: string; month: number; day?: number; weekday?: number; rule?: string };
  labelBy: string;
}
type ImportResult =
  | {
      ok: true;
      data: {
        applied: boolean;
        changes: { entityId: string; entityName: string; before: CalendarLike[]; after: CalendarLike[] }[];
        unchanged: number;
        unmatched: string[];
        relabelled: number;
      };
    }
  | { ok: false; error: string }
  | null;

const describe = (c: CalendarLike) =>
  `${c.yearEnd.kind === 'fixed' ? `${c.yearEnd.day}/${c.yearEnd.month}` : `${c.yearEnd.rule} weekday ${c.yearEnd.weekday} of month ${c.yearEnd.month}`} · ${c.labelBy} · ${c.effectiveFrom} → ${c.effectiveTo ?? 'open'}`;

/** Import calendars: paste or choose an export, review what would change, then apply with a reason. */
export function CalendarImport({ action }: { action: (prev: unknown, form: FormData) => Promise<ImportResult> }) {
  const [json, setJson] = useState('');
  const [state, formAction, pending] = useActionState(action, null);
  const reviewed = state?.ok && !state.data.applied ? state.data : null;
  return (
    <div className="space-y-3">
      <form action={formAction} className="space-y-2" aria-label="Import calendars">
        <label className={labelClass}>
          Calendar export (JSON)
          <input
            type="file"
            accept=".json,application/json"
            className="text-sm"
            onChange={async (e) => {
              const f = e.target.files?.[0];
              if (f) setJson(await f.text());
            }}
          />
        </label>
        <textarea
          name="json"
          value={json}
          onChange={(e) => setJson(e.target.value)}
          rows={6}
          className={`${inputClass} w-full font-mono text-xs`}
          aria-label="Calendar JSON"
        />
        <input type="hidden" name="apply" value="0" />
        <button
          type="submit"
          disabled={pending || !json}
          className="rounded border border-line px-3 py-1.5 text-sm hover:bg-slate-100 disabled:opacity-60"
        >
          Review changes
        </button>
      </form>
      {state && !state.ok && (
        <p role="alert" className="text-sm text-bad">
          {state.error}
        </p>
      )}
      {state?.ok && state.data.applied && (
        <p role="status" className="text-sm text-accent">
          Imported: {state.data.changes.length} entit{state.data.changes.length === 1 ? 'y' : 'ies'} changed, {state.data.relabelled} fact
          labels re-derived.
        </p>
      )}
      {reviewed && (
        <div className="space-y-2 text-sm" data-testid="import-review">
          <p>
            {reviewed.changes.length} to change, {reviewed.unchanged} unchanged
            {reviewed.unmatched.length ? `, not found here: ${reviewed.unmatched.join(', ')}` : ''}.
          </p>
          <ul className="space-y-1">
            {reviewed.changes.map((c) => (
              <li key={c.entityId} className="rounded border border-line p-2">
                <div className="font-medium">{c.entityName}</div>
                <div className="text-bad">− {c.before.map(describe).join('; ') || 'none'}</div>
                <div className="text-accent">+ {c.after.map(describe).join('; ') || 'none'}</div>
              </li>
            ))}
          </ul>
          {reviewed.changes.length > 0 && (
            <form action={formAction} className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="json" value={json} />
              <input type="hidden" name="apply" value="1" />
              <label className={`${labelClass} grow`}>
                Reason (recorded in the audit log)
                <input name="reason" required maxLength={1000} className={inputClass} />
              </label>
              <button
                type="submit"
                disabled={pending}
                className="rounded bg-accent px-3 py-1.5 text-sm font-medium text-white disabled:opacity-60"
              >
                Apply import
              </button>
            </form>
          )}
        </div>
      )}
    </div>
  );
}
