'use client';

import { startTransition, useActionState, useState } from 'react';
import { recordVerdictAction } from '@/app/(review)/manifests/[id]/actions';
import { FINRATE_FAILURES, TEMPORAL_FAILURES } from '@/lib/evidence/taxonomy';

const DIMENSIONS = [
  ['coverage', 'Coverage'],
  ['reasoning', 'Reasoning'],
  ['factual_consistency', 'Factual consistency'],
  ['clarity', 'Clarity'],
  ['depth', 'Depth'],
] as const;

type Verdict = (typeof VERDICT_CHOICES)[number];
const VERDICT_CHOICES = ['correct', 'partial', 'incorrect', 'failure'] as const;
const BLANK = { verdict: 'correct' as Verdict, failureClass: '', comment: '', scores: {} as Record<string, string> };

/**
 * The reviewer's verdict. Every field is held in state and React never resets the form, so a refused save (no
 * failure class, a score out of range) leaves it exactly as the reviewer filled it; only a saved verdict clears it. A correct
 * verdict takes no failure class: the choice is disabled and cleared while "correct" is chosen (the server
 * refuses the pair too, and says what is missing when another verdict comes without one).
 */
export function VerdictForm({ manifestId }: { manifestId: string }) {
  const [form, setForm] = useState(BLANK);
  const [state, action, pending] = useActionState(async (prev: unknown, data: FormData) => {
    const result = await recordVerdictAction(prev, data);
    if (result.ok) setForm(BLANK);
    return result;
  }, null);
  const needsClass = form.verdict !== 'correct';
  return (
    <form
      // submitted by hand, not as a form action: React resets a form after its action, and a reset radio group
      // falls back to its first default ("correct") while the state still holds the reviewer's choice
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        startTransition(() => action(data));
      }}
      className="space-y-3 rounded-lg border border-line bg-white p-4"
      aria-labelledby="verdict-h"
    >
      <h2 id="verdict-h" className="font-medium">
        Record a verdict
      </h2>
      <input type="hidden" name="manifestId" value={manifestId} />
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="sr-only">Verdict</legend>
        {VERDICT_CHOICES.map((v) => (
          <label key={v} className="flex items-center gap-1">
            <input
              type="radio"
              name="verdict"
              value={v}
              required
              checked={form.verdict === v}
              onChange={() => setForm((f) => ({ ...f, verdict: v, failureClass: v === 'correct' ? '' : f.failureClass }))}
            />{' '}
            {v}
          </label>
        ))}
      </fieldset>
      <label className="flex flex-col gap-1 text-sm">
        Failure class (for anything but correct)
        <select
          name="failureClass"
          className="rounded border border-line px-2 py-1.5 disabled:bg-slate-50 disabled:text-muted"
          value={form.failureClass}
          disabled={!needsClass}
          onChange={(e) => setForm((f) => ({ ...f, failureClass: e.target.value }))}
        >
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
      <div className="grid grid-cols-2 gap-2 text-xs sm:grid-cols-5">
        {DIMENSIONS.map(([k, label]) => (
          <label key={k} className="flex flex-col gap-1">
            {label} (1–5)
            <input
              type="number"
              name={k}
              min={1}
              max={5}
              className="rounded border border-line px-2 py-1"
              value={form.scores[k] ?? ''}
              onChange={(e) => setForm((f) => ({ ...f, scores: { ...f.scores, [k]: e.target.value } }))}
            />
          </label>
        ))}
      </div>
      <label className="flex flex-col gap-1 text-sm">
        Comment
        <textarea
          name="comment"
          maxLength={2000}
          rows={2}
          className="rounded border border-line px-2 py-1.5"
          value={form.comment}
          onChange={(e) => setForm((f) => ({ ...f, comment: e.target.value }))}
        />
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
