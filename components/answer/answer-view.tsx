'use client';

import type { Answer, AnswerInput, AnswerValue } from '@/lib/answer/types';
import { CitationButton } from './citation-popover';
import { NarrativeView } from './narrative-view';
import { PassageCitation } from './passage-citation';
import { SeriesChart } from './series-chart';

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
  answered: 'border-line',
  needs_clarification: 'border-amber-400',
  insufficient_evidence: 'border-slate-400',
  rejected: 'border-bad',
};

/** `onChoose`: a clarification chip was picked — the choice is sent bound to this answer's manifest, not as new text. */
export function AnswerView({ answer, onAsk, onChoose }: { answer: Answer; onAsk?: (q: string) => void; onChoose?: (manifestId: string, choice: number, label: string) => void }) {
  return (
    <div className={`space-y-3 rounded-lg border-l-4 bg-white p-4 ${statusStyle[answer.status]}`} data-testid="answer" data-status={answer.status}>
      <div className="flex items-center gap-2 text-xs text-muted">
        <span className="rounded bg-slate-100 px-1.5 py-0.5 font-medium">{answer.status.replace('_', ' ')}</span>
        <span>{answer.pathway}</span>
        <span>· {answer.timingMs} ms</span>
        {answer.manifestId && <span className="font-mono">· manifest {answer.manifestId.slice(0, 10)}</span>}
      </div>
      <p className="leading-7">
        {answer.segments.map((s, i) => {
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
      </p>
      {answer.table && (
        <table className="w-full text-sm" data-testid="answer-table">
          <thead className="bg-slate-50 text-left text-xs uppercase text-muted">
            <tr>
              {answer.table.columns.map((c) => (
                <th key={c} scope="col" className="px-3 py-1.5">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {answer.table.rows.map((r) => {
              const v = findValue(answer, r.valueId);
              return (
                <tr key={r.valueId} className="border-t border-line">
                  {r.cells.map((c, i) => (
                    <td key={i} className="px-3 py-1.5 tabular">
                      {i === r.cells.length - 1 && v ? isRedacted(v) ? <Redacted text={c} /> : <CitationButton value={v} text={c} /> : c}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {answer.pathway === 'longitudinal' && answer.values.filter((v) => !isRedacted(v)).length > 1 && <SeriesChart values={answer.values.filter((v) => !isRedacted(v))} />}
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
        <div className="flex flex-wrap gap-2" aria-label="Choose an option">
          {answer.clarification.options.map((o, i) => (
            <button
              key={o}
              type="button"
              className="rounded-full border border-line px-3 py-1 text-sm hover:bg-slate-50"
              onClick={() => (answer.manifestId && answer.clarification?.rewrites?.[i] && onChoose ? onChoose(answer.manifestId, i, o) : onAsk?.(o))}
            >
              {o}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
