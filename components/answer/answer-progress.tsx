'use client';

import type { AnswerDataParts, AnswerUIMessage, FigureNote, PlanReadBack } from '@/lib/answer/messages';

type Part = AnswerUIMessage['parts'][number];

/** What the stream has told so far for one answer: the stages started, the plan read back, the figures computed. */
export function progressOf(parts: Part[]): { stages: AnswerDataParts['stage'][]; plan: PlanReadBack | null; figures: FigureNote[] } {
  const stages: AnswerDataParts['stage'][] = [];
  const figures: FigureNote[] = [];
  let plan: PlanReadBack | null = null;
  for (const p of parts) {
    if (p.type === 'data-stage') stages.push(p.data);
    else if (p.type === 'data-plan') plan = p.data;
    else if (p.type === 'data-figure') figures.push(p.data);
  }
  return { stages, plan, figures };
}

function ReadBack({ plan }: { plan: PlanReadBack }) {
  const items: [string, string][] = [
    ['Companies', plan.entities.join(', ')],
    ['Measure', plan.measure],
    ['Periods', plan.periods.join(', ')],
    ['Asked for', plan.operation],
  ];
  return (
    <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-xs" data-testid="progress-plan">
      {items
        .filter(([, v]) => v)
        .map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-muted">{k}</dt>
            <dd className="break-words text-ink">{v}</dd>
          </div>
        ))}
    </dl>
  );
}

function Figures({ figures }: { figures: FigureNote[] }) {
  return (
    <ul className="mt-1 space-y-0.5 text-xs" data-testid="progress-figures" aria-label="Figures computed">
      {figures.map((f) => (
        <li key={f.seq} className="break-words">
          <span className="text-muted">
            {f.entity} · {f.label} · {f.period}
            {f.basis === 'derived' ? ' (computed)' : ''}:
          </span>{' '}
          <span className="font-mono font-medium tabular-nums text-ink">{f.display}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The answer being worked on: each stage as it starts, with what it produced (the question read back, each
 * figure as it is computed). The last stage told is the one running; the composed answer replaces this.
 */
export function AnswerProgress({ parts, live = true }: { parts: Part[]; live?: boolean }) {
  const { stages, plan, figures } = progressOf(parts);
  const now = live ? (stages.at(-1)?.stage ?? null) : null;
  return (
    <div
      role="status"
      className="rounded-lg border border-line bg-white p-4 text-sm"
      data-testid="answer-progress"
      data-stage={live ? (now ?? 'sent') : 'stopped'}
      aria-label="Answer in progress"
    >
      {stages.length === 0 && (
        <p className="flex items-center gap-2 text-muted">
          <span className="inline-block size-2 animate-pulse rounded-full bg-accent" aria-hidden />
          Sending the question…
        </p>
      )}
      <ol className="space-y-2">
        {stages.map((s) => {
          const running = s.stage === now;
          return (
            <li key={s.stage} data-stage={s.stage} data-state={running ? 'running' : 'done'}>
              <p className={`flex items-center gap-2 ${running ? 'text-ink' : 'text-muted'}`}>
                <span
                  className={`inline-block size-2 shrink-0 rounded-full ${running ? 'animate-pulse bg-accent' : 'bg-teal-600'}`}
                  aria-hidden
                />
                {s.message}
                <span className="sr-only">{running ? '(now)' : '(done)'}</span>
              </p>
              {s.stage === 'planning' && plan && <ReadBack plan={plan} />}
              {s.stage === 'computing' && figures.length > 0 && <Figures figures={figures} />}
            </li>
          );
        })}
      </ol>
      {!live && <p className="mt-2 text-bad">Stopped before the answer was composed.</p>}
    </div>
  );
}
