'use client';

import { useActionState } from 'react';
import { recordVerdictAction } from '@/app/(review)/manifests/[id]/actions';
import { FINRATE_FAILURES, TEMPORAL_FAILURES } from '@/lib/evidence/taxonomy';

const DIMENSIONS = [
  ['coverage', 'Coverage'],
  ['reasoning', 'Reasoning'],
  ['factual_consistency', 'Factual consistency'],
  ['clarity', 'Clarity'],
  ['depth', 'Depth'],
] as const;

export function VerdictForm({ manifestId }: { manifestId: string }) {
  const [state, action, pending] = useActionState(recordVerdictAction, null);
  return (
    <form action={action} className="space-y-3 rounded-lg border border-line bg-white p-4" aria-labelledby="verdict-h">
      <h2 id="verdict-h" className="font-medium">
        Record a verdict
      </h2>
      <input type="hidden" name="manifestId" value={manifestId} />
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="sr-only">Verdict</legend>
        {(['correct', 'partial', 'incorrect', 'failure'] as const).map((v) => (
          <label key={v} className="flex items-center gap-1">
            <input type="radio" name="verdict" value={v} required defaultChecked={v === 'correct'} /> {v}
          </label>
        ))}
      </fieldset>
      <label className="flex flex-col gap-1 text-sm">
        Failure class (for anything but correct)
        <select name="failureClass" className="rounded border border-line px-2 py-1.5" defaultValue="">
          <option value="">—</option>
          <optgroup label="Fin-RATE error taxonomy">
            {FINRATE_FAILURES.map((f) => (
              <option key={f.id} value={f.id}>
                {f.group}: {f.label}
              </option>
            ))}
          </optgroup>
          <optgroup label="Temporal failure classes">
            {TEMPORAL_FAILURES.map((f) => (
              <option key={f.id} value={f.id}>
                {f.label}
              </option>
            ))}
          </optgroup>
        </select>
      </label>
      <div className="grid grid-cols-5 gap-2 text-xs">
        {DIMENSIONS.map(([k, label]) => (
          <label key={k} className="flex flex-col gap-1">
            {label} (1–5)
            <input type="number" name={k} min={1} max={5} className="rounded border border-line px-2 py-1" />
          </label>
        ))}
      </div>
      <label className="flex flex-col gap-1 text-sm">
        Comment
        <textarea name="comment" maxLength={2000} rows={2} className="rounded border border-line px-2 py-1.5" />
      </label>
      <button type="submit" disabled={pending} className="rounded bg-accent px-3 py-1.5 text-sm font-medium text-white disabled:opacity-50">
        Save verdict
      </button>
      {state && (
        <p role="status" className={state.ok ? 'text-sm text-accent' : 'text-sm text-bad'}>
          {state.ok ? 'Verdict saved.' : state.error}
        </p>
      )}
    </form>
  );
}
