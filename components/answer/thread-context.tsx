'use client';

import { useEffect, useState } from 'react';
import type { AnswerUIMessage } from '@/lib/answer/messages';
import type { Answer } from '@/lib/answer/types';
import type { ContextSlot } from '@/lib/planner/read/context';

type Intent = NonNullable<Answer['intent']>;

const SLOT_NAMES: Record<ContextSlot, string> = { entities: 'Company', metric: 'Measure', periods: 'Period', operation: 'Calculation' };

const OPERATION_WORDS: Partial<Record<Intent['operation'], string>> = {
  growth: 'growth rate',
  change: 'change',
  series: 'yearly series',
  cagr: 'CAGR',
  average: 'average',
  ttm: 'trailing twelve months',
};

/** What each slot of an intent holds, in words ("NVIDIA", "Revenue", "FY2023"); null for a slot with nothing to carry. */
export function slotText(intent: Intent, slot: ContextSlot): string | null {
  if (slot === 'entities') return intent.entities.map((e) => e.name).join(', ') || null;
  if (slot === 'metric') return intent.metric.memberLabel ? `${intent.metric.label} (${intent.metric.memberLabel})` : intent.metric.label;
  if (slot === 'periods') {
    if (intent.range) return `FY${intent.range.from}–FY${intent.range.to}`;
    return [...new Set(intent.periods.map((p) => p.text))].join(', ') || null;
  }
  const op = OPERATION_WORDS[intent.operation];
  return op ? `${op}${intent.comparison === 'sequential' ? ', sequential' : ''}` : null;
}

/** The thread's context: the intent of its latest planned question (what a follow-up inherits on the server too). */
export function threadIntent(answers: Answer[]): Intent | null {
  for (let i = answers.length - 1; i >= 0; i--) if (answers[i]!.intent) return answers[i]!.intent;
  return null;
}

/** The thread's context and the slots of it the analyst removed for the next question (none again after each new answer). */
export function useThreadContext(messages: AnswerUIMessage[]) {
  const [dropped, setDropped] = useState<ContextSlot[]>([]);
  const answers = messages.flatMap((m) => m.parts.flatMap((p): Answer[] => (p.type === 'data-answer' ? [p.data] : [])));
  const latest = answers[answers.length - 1]?.manifestId ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the thread's latest answer changes
  useEffect(() => setDropped([]), [latest]);
  return { context: threadIntent(answers), dropped, setDropped };
}

/**
 * What the next question inherits from the thread, one chip per slot (company, measure, period, calculation); removing
 * a chip asks the next question without it. Removed slots are listed with a way back.
 */
export function ThreadContext({
  intent,
  dropped,
  onChange,
}: {
  intent: Intent;
  dropped: ContextSlot[];
  onChange: (dropped: ContextSlot[]) => void;
}) {
  const slots = (Object.keys(SLOT_NAMES) as ContextSlot[]).flatMap((slot) => {
    const text = slotText(intent, slot);
    return text ? [{ slot, text }] : [];
  });
  const kept = slots.filter((s) => !dropped.includes(s.slot));
  const removed = slots.filter((s) => dropped.includes(s.slot));
  return (
    <section aria-label="Follow-up context" data-testid="thread-context" className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-muted">{kept.length ? 'A follow-up keeps' : 'A follow-up keeps nothing from the thread'}</span>
      {kept.map(({ slot, text }) => (
        <span
          key={slot}
          data-slot={slot}
          className="inline-flex items-center gap-1 rounded-full border border-line bg-slate-50 py-0.5 pl-2.5 pr-1"
        >
          <span className="text-xs text-muted">{SLOT_NAMES[slot]}</span>
          <span className="max-w-[16rem] truncate font-medium">{text}</span>
          <button
            type="button"
            aria-label={`Remove ${SLOT_NAMES[slot].toLowerCase()} ${text} from the follow-up`}
            className="rounded-full px-1.5 leading-5 text-muted hover:bg-slate-200 hover:text-ink"
            onClick={() => onChange([...dropped, slot])}
          >
            ×
          </button>
        </span>
      ))}
      {removed.length > 0 && (
        <button type="button" className="text-xs text-accent underline" onClick={() => onChange([])}>
          Keep {removed.map((s) => s.text).join(', ')} again
        </button>
      )}
    </section>
  );
}

/** On a follow-up's answer: what it took from the thread. */
export function CarriedNote({ intent }: { intent: Intent }) {
  const carried = (intent.carried ?? []).flatMap((slot) => {
    const text = slotText(intent, slot);
    return text ? [`${SLOT_NAMES[slot].toLowerCase()} ${text}`] : [];
  });
  if (!carried.length) return null;
  return (
    <p className="text-xs text-muted" data-testid="carried">
      Taken from the thread: {carried.join(' · ')}
    </p>
  );
}
