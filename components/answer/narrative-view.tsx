'use client';

import type { Answer, AnswerPassage, NarrativeRedline, NarrativeTable } from '@/lib/answer/types';
import { PassageCitation } from './passage-citation';

function quote(answer: Answer, id: string | null): AnswerPassage | undefined {
  return id ? answer.passages.find((p) => p.id === id) : undefined;
}

/** Side-by-side comparison: one column per company, one row per aspect; each cell a cited quote or "not disclosed". */
export function NarrativeTableView({ answer, table }: { answer: Answer; table: NarrativeTable }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full table-fixed text-sm" data-testid="narrative-table">
        <caption className="pb-1 text-left text-xs text-muted">Side by side: each cell quotes the company’s own filing; “not disclosed” means no passage on that aspect was found.</caption>
        <thead className="bg-slate-50 text-left text-xs uppercase text-muted">
          <tr>
            <th scope="col" className="w-40 px-3 py-1.5">
              Aspect
            </th>
            {table.columns.map((c) => (
              <th key={c.entityId + c.label} scope="col" className="px-3 py-1.5">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((r) => (
            <tr key={r.aspect} className="border-t border-line align-top">
              <th scope="row" className="px-3 py-2 text-left text-xs font-medium">
                {r.aspect}
              </th>
              {r.cells.map((c, i) => (
                <td key={i} className="px-3 py-2 leading-6">
                  {c.notDisclosed || c.passageIds.length === 0 ? (
                    <span className="text-muted">not disclosed</span>
                  ) : (
                    c.passageIds.map((id) => {
                      const p = quote(answer, id);
                      return p ? <PassageCitation key={id} passage={p} text={`“${p.quote}”`} /> : null;
                    })
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const KIND_LABEL = { added: 'added', modified: 'modified', removed: 'removed' } as const;

/** "What changed" between two filings of one company: added, modified (word diff) and removed sentences. */
export function NarrativeRedlineView({ answer, redline }: { answer: Answer; redline: NarrativeRedline }) {
  return (
    <section className="space-y-2" data-testid="narrative-redline" aria-label={`What changed: ${redline.entityName}, ${redline.from} → ${redline.to}`}>
      <h3 className="text-sm font-medium">
        What changed — {redline.entityName}: {redline.from} → {redline.to}
      </h3>
      <p className="text-xs text-muted" data-testid="redline-basis">
        {redline.entries.length} change(s) on this topic, {redline.unchanged} sentence(s) unchanged
        {redline.basis ? `, aligned against all ${redline.basis.beforeSentences} sentences of the earlier and ${redline.basis.afterSentences} of the later filing` : ''}.
        {redline.partialLater ? ' The later filing is a 10-Q, which repeats only risk factors that changed: “removed” means not repeated there.' : ''}
      </p>
      <ul className="space-y-2 text-sm">
        {redline.entries.map((e, i) => {
          const before = quote(answer, e.beforePassageId);
          const after = quote(answer, e.afterPassageId);
          const label = e.kind === 'removed' && redline.partialLater ? 'not repeated' : KIND_LABEL[e.kind];
          return (
            <li key={i} className={`rounded border-l-4 px-3 py-2 ${e.kind === 'added' ? 'border-green-600 bg-green-50' : e.kind === 'removed' ? 'border-red-600 bg-red-50' : 'border-amber-500 bg-amber-50'}`} data-kind={e.kind}>
              <span className="mr-2 rounded bg-white px-1.5 py-0.5 text-xs font-medium">{label}</span>
              {e.heading && <span className="text-xs text-muted">{e.heading}</span>}
              <div className="mt-1 leading-6">
                {e.kind === 'modified' && e.diff ? (
                  <span>
                    {e.diff.map((d, j) =>
                      d.op === 'eq' ? (
                        <span key={j}>{d.text} </span>
                      ) : d.op === 'ins' ? (
                        <ins key={j} className="bg-green-200 no-underline">
                          {d.text}{' '}
                        </ins>
                      ) : (
                        <del key={j} className="bg-red-200">
                          {d.text}{' '}
                        </del>
                      ),
                    )}
                  </span>
                ) : null}
                <span className="block text-xs">
                  {before && <PassageCitation passage={before} text={`${redline.from}: “${before.quote}”`} />}
                  {before && after && ' '}
                  {after && <PassageCitation passage={after} text={`${redline.to}: “${after.quote}”`} />}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

type Filing = NonNullable<Answer['narrative']>['filings'][number];
/** per company (in the order they come), earliest filing first */
function chronological(fs: Filing[]): Filing[] {
  const firstSeen = (id: string) => fs.findIndex((f) => f.entityId === id);
  return [...fs].sort((a, b) => firstSeen(a.entityId) - firstSeen(b.entityId) || (a.fiscalYear ?? 9999) - (b.fiscalYear ?? 9999) || (a.filedAt ?? '').localeCompare(b.filedAt ?? ''));
}

/** Year anchors of a longitudinal answer: each filing searched, in chronological order, with the quotes it gave (a link to the first). */
export function NarrativeYears({ answer }: { answer: Answer }) {
  const n = answer.narrative;
  if (!n) return null;
  return (
    <ol className="flex flex-wrap items-center gap-2 text-xs" data-testid="narrative-years" aria-label="Filings, year by year">
      {chronological(n.filings).map((f, i) => {
        const quotes = n.sections.filter((s) => s.entityId === f.entityId && s.filing === f.label).flatMap((s) => s.passageIds);
        return (
          <li key={`${f.entityId}-${f.label}`} className="flex items-center gap-2" data-found={f.found}>
            {i > 0 && <span aria-hidden="true">→</span>}
            <span className={`rounded border px-2 py-0.5 ${f.found ? 'border-line bg-white' : 'border-dashed border-line text-muted'}`}>
              <span className="font-semibold">{f.fiscalYear !== null ? `FY${f.fiscalYear}` : f.label}</span> · {f.entityName} · {f.form ?? 'filing'}
              {f.filedAt ? ` filed ${f.filedAt}` : ''} · {f.found ? `${quotes.length} quote(s)` : 'nothing on this topic'}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The structured parts of a narrative answer: year anchors, the comparison table and the redlines. */
export function NarrativeView({ answer }: { answer: Answer }) {
  const n = answer.narrative;
  if (!n) return null;
  return (
    <div className="space-y-4">
      {n.table && n.table.rows.length > 0 && <NarrativeTableView answer={answer} table={n.table} />}
      {/* a longitudinal answer: what changed first, then the filings year by year */}
      {n.redlines.map((r) => (
        <NarrativeRedlineView key={`${r.entityId}-${r.from}-${r.to}`} answer={answer} redline={r} />
      ))}
      {answer.pathway === 'longitudinal' && n.filings.length > 1 && <NarrativeYears answer={answer} />}
      {n.check.removed.length > 0 && (
        <p className="text-xs text-muted" data-testid="narrative-check">
          {n.check.removed.length} quote(s) removed by the entity-attribute check (recorded in the manifest).
        </p>
      )}
    </div>
  );
}
