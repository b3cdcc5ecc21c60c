'use client';

import { Fragment } from 'react';
import type { Answer, AnswerPassage, NarrativeBlock, NarrativeRedline, NarrativeSection, NarrativeTable } from '@/lib/answer/types';
import { PassageCitation } from './passage-citation';

function quote(answer: Answer, id: string | null): AnswerPassage | undefined {
  return id ? answer.passages.find((p) => p.id === id) : undefined;
}

/** A table cell, or a stacked row on a phone: the cited quotes, or "not discussed in <filing>". */
function Cell({
  answer,
  cell,
  filing,
}: {
  answer: Answer;
  cell: NarrativeTable['rows'][number]['cells'][number];
  filing: string | undefined;
}) {
  if (cell.notDisclosed || cell.passageIds.length === 0)
    return <span className="text-muted">not discussed in {filing ?? 'this filing'}</span>;
  return (
    <>
      {cell.passageIds.map((id) => {
        const p = quote(answer, id);
        return p ? <PassageCitation key={id} passage={p} text={`“${p.quote}”`} /> : null;
      })}
    </>
  );
}

/**
 * Side-by-side comparison: one column per company, one row per aspect; each cell a cited quote or
 * "not disclosed". On a narrow screen the same rows are stacked, one aspect at a time, each company
 * under it (a three-column table of sentences cannot be read at phone width).
 */
export function NarrativeTableView({ answer, table }: { answer: Answer; table: NarrativeTable }) {
  const caption =
    'Side by side: each cell quotes the company’s own filing; “not discussed” means no sentence on that aspect cleared the relevance bar.';
  return (
    <section aria-label="Side by side">
      <table className="hidden w-full table-fixed border-collapse text-sm md:table" data-testid="narrative-table">
        <caption className="pb-1 text-left text-xs text-muted">{caption}</caption>
        <thead className="bg-slate-50 text-left text-xs uppercase text-muted">
          <tr>
            <th scope="col" className="w-36 px-3 py-1.5">
              Aspect
            </th>
            {table.columns.map((c) => (
              <th key={c.entityId + c.label} scope="col" className="px-3 py-1.5 normal-case">
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
                <td key={i} className="break-words px-3 py-2 leading-6">
                  <Cell answer={answer} cell={c} filing={table.columns[i]?.filing} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="space-y-3 md:hidden" data-testid="narrative-table-stacked">
        <p className="text-xs text-muted">{caption}</p>
        {table.rows.map((r) => (
          <div key={r.aspect} className="rounded border border-line">
            <h4 className="bg-slate-50 px-3 py-1.5 text-xs font-medium uppercase text-muted">{r.aspect}</h4>
            <dl className="divide-y divide-line">
              {r.cells.map((c, i) => (
                <div key={i} className="px-3 py-2">
                  <dt className="text-xs font-medium">{table.columns[i]?.label}</dt>
                  <dd className="break-words leading-6">
                    <Cell answer={answer} cell={c} filing={table.columns[i]?.filing} />
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
      </div>
    </section>
  );
}

const KIND_LABEL = { added: 'added', modified: 'reworded', removed: 'removed' } as const;

type RedlineEntry = NarrativeRedline['entries'][number];

/** One change: its label, the word diff of a reworded sentence, the cited wording(s). */
function RedlineItem({ answer, redline, e }: { answer: Answer; redline: NarrativeRedline; e: RedlineEntry }) {
  const before = quote(answer, e.beforePassageId);
  const after = quote(answer, e.afterPassageId);
  const label = e.kind === 'removed' && redline.partialLater ? 'not repeated' : KIND_LABEL[e.kind];
  return (
    <li
      className={`rounded border-l-4 px-3 py-2 ${e.kind === 'added' ? 'border-green-600 bg-green-50' : e.kind === 'removed' ? 'border-red-600 bg-red-50' : 'border-amber-500 bg-amber-50'}`}
      data-kind={e.kind}
    >
      <span className="mr-2 rounded bg-white px-1.5 py-0.5 text-xs font-medium">{label}</span>
      {e.kind === 'modified' && e.diff ? (
        <>
          <span className="break-words leading-6" data-testid="redline-diff">
            {e.diff.map((d, j) => (
              <Fragment key={j}>
                {d.op === 'eq' ? (
                  d.text
                ) : d.op === 'ins' ? (
                  <ins className="rounded-sm bg-green-200 px-0.5 no-underline" title={`new in ${redline.to}`}>
                    {d.text}
                  </ins>
                ) : (
                  <del className="rounded-sm bg-red-200 px-0.5 text-red-900" title={`in ${redline.from}, gone in ${redline.to}`}>
                    {d.text}
                  </del>
                )}{' '}
              </Fragment>
            ))}
          </span>
          {e.numbers && e.numbers.length > 0 && (
            <span className="mt-1 block text-xs" data-testid="redline-numbers">
              {e.numbers.map((n, j) => (
                <span key={j} className="mr-3 whitespace-nowrap">
                  {n.before} → <strong>{n.after}</strong> ({n.change === 'same' ? 'unchanged' : n.change})
                </span>
              ))}
            </span>
          )}
          {/* the two wordings, each cited to its own filing (the diff above reads them together) */}
          <span className="mt-1 flex flex-wrap gap-2 text-xs">
            {before && <PassageCitation passage={before} text={`${redline.from} wording`} />}
            {after && <PassageCitation passage={after} text={`${redline.to} wording`} />}
          </span>
        </>
      ) : (
        <span className="break-words leading-6">
          {/* (the group above names the filing) */}
          {e.kind === 'removed'
            ? before && <PassageCitation passage={before} text={`“${before.quote}”`} />
            : after && <PassageCitation passage={after} text={`“${after.quote}”`} />}
        </span>
      )}
    </li>
  );
}

/**
 * "What changed" between two filings of one company: added, reworded (word diff) and removed — or, in
 * a later 10-Q, not repeated — sentences, grouped under the heading they sit under (the group of the
 * most important change first), each change cited.
 */
export function NarrativeRedlineView({ answer, redline }: { answer: Answer; redline: NarrativeRedline }) {
  const groups: { key: string; section: string | null; heading: string | null; filing: string; entries: RedlineEntry[] }[] = [];
  for (const e of redline.entries) {
    const cited = quote(answer, e.kind === 'removed' ? e.beforePassageId : e.afterPassageId);
    const filing = e.kind === 'removed' ? redline.from : redline.to;
    const key = `${filing}|${cited?.section ?? ''}|${e.heading ?? ''}`;
    let g = groups.find((x) => x.key === key);
    if (!g) groups.push((g = { key, section: cited?.section ?? null, heading: e.heading, filing, entries: [] }));
    g.entries.push(e);
  }
  return (
    <section
      className="space-y-3"
      data-testid="narrative-redline"
      aria-label={`What changed: ${redline.entityName}, ${redline.from} → ${redline.to}`}
    >
      <h3 className="text-sm font-semibold">
        What changed — {redline.entityName}: {redline.from} → {redline.to}
      </h3>
      <p className="text-xs text-muted" data-testid="redline-basis">
        Most important first
        {redline.basis
          ? `, aligned against all ${redline.basis.beforeSentences} sentences of the earlier and ${redline.basis.afterSentences} of the later filing`
          : ''}
        ; {redline.unchanged} sentence(s) on this topic unchanged.
        {redline.partialLater
          ? ' The later filing is a 10-Q, which repeats only risk factors that changed: “not repeated” is not “removed”.'
          : ''}{' '}
        <span className="whitespace-nowrap">
          <ins className="rounded-sm bg-green-200 px-0.5 no-underline">new words</ins>{' '}
          <del className="rounded-sm bg-red-200 px-0.5 text-red-900">gone words</del>
        </span>
      </p>
      {groups.map((g) => (
        <div key={g.key} className="space-y-2" data-testid="redline-group">
          <p className="text-xs text-muted">
            <span className="font-medium text-ink">{g.filing}</span>
            {g.section ? ` · ${g.section}` : ''}
            {g.heading ? ` · ${g.heading}` : ''}
          </p>
          <ul className="space-y-2 text-sm">
            {g.entries.map((e, i) => (
              <RedlineItem key={i} answer={answer} redline={redline} e={e} />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

type Filing = NarrativeBlock['filings'][number];
/** per company (in the order they come), earliest filing first */
function chronological(fs: Filing[]): Filing[] {
  const firstSeen = (id: string) => fs.findIndex((f) => f.entityId === id);
  return [...fs].sort(
    (a, b) =>
      firstSeen(a.entityId) - firstSeen(b.entityId) ||
      (a.fiscalYear ?? 9999) - (b.fiscalYear ?? 9999) ||
      (a.filedAt ?? '').localeCompare(b.filedAt ?? ''),
  );
}

/** Year anchors of a longitudinal answer: each filing searched, in chronological order, with the quotes it gave. */
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
              <span className="font-semibold">{f.fiscalYear !== null ? `FY${f.fiscalYear}` : f.label}</span> · {f.entityName} ·{' '}
              {f.form ?? 'filing'}
              {f.filedAt ? ` filed ${f.filedAt}` : ''} · {f.found ? `${quotes.length} quote(s)` : 'nothing on this topic'}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The quotes of one filing, under the Item and heading each comes from. */
function FilingQuotes({ answer, filing, sections }: { answer: Answer; filing: Filing; sections: NarrativeSection[] }) {
  return (
    <section className="space-y-2" data-testid="narrative-filing" aria-label={`${filing.entityName}, ${filing.label}`}>
      <h3 className="text-sm font-semibold">
        {filing.entityName} <span className="font-normal text-muted">· {filing.label}</span>
      </h3>
      {sections.map((s, i) => (
        <div key={i} className="border-l-2 border-line pl-3" data-testid="narrative-section">
          <p className="text-xs text-muted">
            {s.heading && /^item\s/i.test(s.heading) ? (
              <span className="font-medium text-ink">{s.heading}</span>
            ) : (
              <>
                <span className="font-medium text-ink">{s.item ?? 'Filing'}</span>
                {s.heading ? ` · ${s.heading}` : ''}
              </>
            )}
          </p>
          <ul className="mt-1 space-y-1">
            {s.passageIds.map((id) => {
              const p = quote(answer, id);
              return p ? (
                <li key={id} className="break-words leading-6">
                  <span className="mr-1 font-mono text-xs text-muted">[{id.replace(/^p/, '')}]</span>
                  <PassageCitation passage={p} text={`“${p.quote}”`} />
                </li>
              ) : null;
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}

/** The filings' quotes, filing by filing (chronological for a longitudinal answer). */
function QuotesByFiling({ answer }: { answer: Answer }) {
  const n = answer.narrative!;
  const order = answer.pathway === 'longitudinal' ? chronological(n.filings) : n.filings;
  const shown = order.filter((f) => n.sections.some((s) => s.entityId === f.entityId && s.filing === f.label && s.passageIds.length));
  return (
    <div className="space-y-4">
      {shown.map((f) => (
        <FilingQuotes
          key={`${f.entityId}-${f.label}`}
          answer={answer}
          filing={f}
          sections={n.sections.filter((s) => s.entityId === f.entityId && s.filing === f.label && s.passageIds.length)}
        />
      ))}
    </div>
  );
}

/** A lead's source number written after a quote (" [3] "): the quote's citation, shown as its marker. */
const SOURCE_NUMBER = /^\s*(\[\d+\])\s*/;

/**
 * The direct answer of a narrative answer: each quoted sentence read as prose (the company's own words
 * in quotation marks, underlined on hover), followed by its source number as a marker; both open the
 * popover with the filing, Item and heading and the link to the passage in the filing. A redacted quote
 * stays hidden.
 */
export function NarrativeLead({ answer, segments }: { answer: Answer; segments: Answer['segments'] }) {
  const out: React.ReactNode[] = [];
  let cited: AnswerPassage | undefined;
  segments.forEach((s, i) => {
    if (s.type === 'passage') {
      const p = quote(answer, s.passageId);
      const hidden = !!p && (p as { redacted?: unknown }).redacted === true;
      cited = p && !hidden ? p : undefined;
      out.push(
        cited ? (
          <PassageCitation key={i} passage={cited} text={s.text} look="prose" />
        ) : (
          <span key={i} data-redacted={hidden ? 'true' : undefined} className={hidden ? 'rounded bg-slate-200 px-1 text-muted' : ''}>
            {s.text}
          </span>
        ),
      );
      return;
    }
    if (s.type !== 'text') return;
    const m = cited ? SOURCE_NUMBER.exec(s.text) : null;
    if (m && cited) {
      out.push(' ', <PassageCitation key={`${i}-cite`} passage={cited} text={m[1]!} look="marker" />);
      out.push(<span key={i}>{` ${s.text.slice(m[0].length)}`}</span>);
    } else out.push(<span key={i}>{s.text}</span>);
    cited = undefined;
  });
  return <>{out}</>;
}

/**
 * Whether an answer is laid out from its structure: a deterministic narrative answer that carries its
 * lead (an audited LLM text, an answer stored before leads, or a mixed answer with figures reads as
 * its text).
 */
export function hasNarrativeLayout(answer: Answer): boolean {
  const n = answer.narrative;
  return !!n && n.composer === 'deterministic' && Array.isArray(n.lead) && answer.values.length === 0;
}

/**
 * The structured parts of a narrative answer, in the order an analyst reads them: a comparison's
 * side-by-side table, a longitudinal answer's "what changed" redline and year anchors, then the quotes
 * filing by filing under their Item and heading.
 */
export function NarrativeView({ answer }: { answer: Answer }) {
  const n = answer.narrative;
  if (!n) return null;
  const laidOut = hasNarrativeLayout(answer);
  const quotes = n.sections.reduce((a, s) => a + s.passageIds.length, 0);
  return (
    <div className="space-y-4">
      {n.table && n.table.rows.length > 0 && <NarrativeTableView answer={answer} table={n.table} />}
      {n.redlines.map((r) => (
        <NarrativeRedlineView key={`${r.entityId}-${r.from}-${r.to}`} answer={answer} redline={r} />
      ))}
      {answer.pathway === 'longitudinal' && n.filings.length > 1 && <NarrativeYears answer={answer} />}
      {laidOut && quotes > 0 && (
        <details className="group space-y-3" data-testid="narrative-quotes">
          <summary className="cursor-pointer text-sm font-semibold">
            Sources, filing by filing{' '}
            <span className="font-normal text-muted">
              ({quotes} cited sentence{quotes === 1 ? '' : 's'}; the number in the answer is the source’s)
            </span>
          </summary>
          <QuotesByFiling answer={answer} />
        </details>
      )}
      {n.check.removed.length > 0 && (
        <p className="text-xs text-muted" data-testid="narrative-check">
          {n.check.removed.length} quote(s) removed by the entity-attribute check (recorded in the manifest).
        </p>
      )}
    </div>
  );
}
