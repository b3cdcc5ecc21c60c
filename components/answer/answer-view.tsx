'use client';

import type { Answer, AnswerInput, AnswerValue } from '@/lib/answer/types';
import { AnswerActions } from './answer-actions';
import { AnswerChart } from './answer-chart';
import { BreakdownView, isBreakdown } from './breakdown-view';
import { CitationButton } from './citation-popover';
import { hasNarrativeLayout, NarrativeLead, NarrativeView } from './narrative-view';
import { PassageCitation } from './passage-citation';
import { buildPivot, pivotValues, sentencesBesidePivot } from './pivot-model';
import { PivotTable } from './pivot-table';
import { CarriedNote } from './thread-context';

function findValue(answer: Answer, id: string): AnswerValue | AnswerInput | undefined {
  for (const v of answer.values) {
    if (v.id === id) return v;
    const inp = v.inputs.find((i) => i.id === id);
    if (inp) return inp;
  }
  return undefined;
}

/** A part a stored manifest hides from this viewer (its source is no longer visible to them). */
const isRedacted = (x: unknown): boolean => !!x && typeof x === 'object' && (x as { redacted?: unknown }).redacted === true;

function Redacted({ text }: { text: string }) {
  return (
    <span data-redacted="true" title="Redacted: rests on a source you may not see" className="rounded bg-slate-200 px-1 text-muted">
      {text}
    </span>
  );
}

const statusStyle: Record<Answer['status'], string> = {
  answered: 'border-accent',
  needs_clarification: 'border-amber-400',
  insufficient_evidence: 'border-slate-400',
  rejected: 'border-bad',
};

const statusChip: Record<Answer['status'], string> = {
  answered: 'bg-teal-50 text-teal-800',
  needs_clarification: 'bg-amber-50 text-amber-800',
  insufficient_evidence: 'bg-slate-100 text-slate-700',
  rejected: 'bg-red-50 text-red-800',
};

function Segments({ answer, segments }: { answer: Answer; segments: Answer['segments'] }) {
  return (
    <>
      {segments.map((s, i) => {
        if (s.type === 'text') return <span key={i}>{s.text}</span>;
        if (s.type === 'passage') {
          const p = answer.passages?.find((x) => x.id === s.passageId);
          if (isRedacted(p)) return <Redacted key={i} text={s.text} />;
          return p ? <PassageCitation key={i} passage={p} text={s.text} /> : <span key={i}>{s.text}</span>;
        }
        const v = findValue(answer, s.valueId);
        if (isRedacted(v)) return <Redacted key={i} text={s.text} />;
        return v ? <CitationButton key={i} value={v} text={s.text} /> : <span key={i}>{s.text}</span>;
      })}
    </>
  );
}

export interface AnswerViewProps {
  answer: Answer;
  /** the question, for exports and "copy with citations" */
  question?: string;
  onAsk?: (q: string) => void;
  /** a clarification chip was picked — the choice is sent bound to this answer's manifest, not as new text */
  onChoose?: (manifestId: string, choice: number, label: string) => void;
  /** an option that is an example, not a choice ("a specific fiscal year, e.g. FY2024"): the question goes back into the box to complete */
  onEdit?: (q: string) => void;
  /** hide the toolbar (e.g. inside a shared page that renders its own) */
  actions?: boolean;
}

export function AnswerView({ answer, question, onAsk, onChoose, onEdit, actions = true }: AnswerViewProps) {
  const breakdown = isBreakdown(answer);
  const series = answer.table && !breakdown ? pivotValues(answer) : [];
  const pivot = series.length > 1 ? buildPivot(series) : null;
  const metricLabel = series[0]?.label;
  // a narrative answer laid out from its structure shows its lead here; the quotes follow in their
  // table, redline and sections (the full text stays the answer's text, for copying and the API)
  const segments = pivot
    ? sentencesBesidePivot(answer.segments, new Set(series.map((v) => v.id)))
    : hasNarrativeLayout(answer)
      ? answer.narrative!.lead!
      : answer.segments;
  return (
    <article
      className={`min-w-0 space-y-3 rounded-lg border border-line border-l-4 bg-white p-4 shadow-sm ${statusStyle[answer.status]}`}
      data-testid="answer"
      data-status={answer.status}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
        <span className={`rounded px-1.5 py-0.5 font-medium ${statusChip[answer.status]}`}>{answer.status.replace('_', ' ')}</span>
        <span>{answer.pathway}</span>
        <span>· {answer.timingMs} ms</span>
        {answer.manifestId && <span className="hidden font-mono sm:inline">· manifest {answer.manifestId.slice(0, 10)}</span>}
        {actions && answer.manifestId && <AnswerActions answer={answer} question={question} />}
      </div>
      {answer.intent?.carried && <CarriedNote intent={answer.intent} />}
      {pivot && (
        <h3 className="text-sm font-semibold">
          {metricLabel}
          {pivot.columns.length > 1 ? ' — each company on its own fiscal calendar' : ` — ${pivot.columns[0]?.entity.name}`}
        </h3>
      )}
      {segments.length > 0 && (
        <div className={`leading-7 ${answer.narrative ? 'whitespace-pre-line' : ''}`} data-testid="answer-text">
          {hasNarrativeLayout(answer) && !pivot ? (
            <NarrativeLead answer={answer} segments={segments} />
          ) : (
            <Segments answer={answer} segments={segments} />
          )}
        </div>
      )}
      {pivot && (
        <div className="space-y-3">
          <PivotTable pivot={pivot} caption={`${metricLabel ?? 'Values'} by period`} />
          <AnswerChart pivot={pivot} />
        </div>
      )}
      {breakdown && <BreakdownView answer={answer} />}
      {answer.narrative && <NarrativeView answer={answer} />}
      {answer.errors.length > 0 && (
        <ul className="space-y-1 text-sm" aria-label="Why parts of the answer were refused or unavailable">
          {answer.errors.map((e, i) => (
            <li key={i} className="rounded bg-red-50 px-2 py-1">
              <code className="font-mono text-xs font-semibold text-bad">{e.code}</code> <span className="text-xs">{e.message}</span>
            </li>
          ))}
        </ul>
      )}
      {answer.clarification && answer.clarification.options.length > 0 && (
        // biome-ignore lint/a11y/useSemanticElements: a set of choice buttons, not form fields
        <div className="flex flex-wrap gap-2" role="group" aria-label="Choose an option">
          {answer.clarification.options.map((o, i) => (
            <button
              key={o}
              type="button"
              className="rounded-full border border-line px-3 py-1 text-sm hover:bg-slate-50"
              onClick={() => {
                const c = answer.clarification;
                if (answer.manifestId && (c?.rewrites?.[i] || c?.choices?.[i] || c?.intents?.[i]) && onChoose)
                  onChoose(answer.manifestId, i, o);
                else if (c?.rewrites && question && onEdit) onEdit(`${question} `);
                else onAsk?.(o);
              }}
            >
              {o}
            </button>
          ))}
        </div>
      )}
    </article>
  );
}
