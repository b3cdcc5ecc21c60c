/**
 * Period phrases in free text. The grammar (grammar.ts) runs over the token stream (tokens.ts) at
 * every token; the longest phrases win, without overlaps, in text order; then pieces written apart
 * are folded into one phrase (fold.ts). Each phrase carries a calendar-independent
 * {@link PeriodSpec}; resolution against an entity's calendar happens in `resolve-period.ts`.
 *
 * Why combinators over tokens rather than a generated PEG: the same token stream drives
 * `temporalWordSpans` and the planner's span map, semantic actions are type-checked TypeScript that
 * build PeriodSpecs directly, and "longest phrase at each token" needs every parse, not PEG's first.
 */
import { foldPhrases } from './fold';
import { admits } from './combinators';
import { RULES } from './grammar';
import type { PeriodPhrase } from './period-spec';
import { glued, isAlnum, tokenize, type Tok } from './tokens';

export { expandYear } from './grammar';
export type { EndedLength, MonthRef, PeriodPhrase, PeriodSpec, RelativeToWhich, RelativeWhich, YearRef } from './period-spec';

/** A phrase may not start inside a word ("AB2024", the "3Q25" of "F3Q25"). */
function startsWord(ts: readonly Tok[], i: number): boolean {
  const prev = ts[i - 1];
  return !(glued(prev, ts[i]) && isAlnum(prev) && isAlnum(ts[i]));
}

/** …nor end inside one ("FY2026X", "Q2X", "2020" of "2020Q3") or before a glued "%". */
function endsWord(ts: readonly Tok[], j: number): boolean {
  const last = ts[j - 1];
  const next = ts[j];
  if (!glued(last, next)) return true;
  if (isAlnum(last) && isAlnum(next)) return false;
  return next!.text !== '%';
}

/** The grammar's phrases: longest first, no overlaps, in text order (before folding). */
export function grammarPhrases(question: string, ts: readonly Tok[] = tokenize(question)): PeriodPhrase[] {
  const found: (PeriodPhrase & { priority: number })[] = [];
  for (let i = 0; i < ts.length; i++) {
    const t = ts[i]!;
    if (t.kind === 'punct' || !startsWord(ts, i)) continue;
    RULES.forEach((rule, priority) => {
      if (!admits(rule, t)) return;
      const seen = new Set<number>();
      for (const hit of rule(ts, i)) {
        if (hit.i <= i || seen.has(hit.i) || !endsWord(ts, hit.i)) continue;
        seen.add(hit.i);
        const start = ts[i]!.start;
        const end = ts[hit.i - 1]!.end;
        found.push({ text: question.slice(start, end), start, end, rule: hit.v.rule, spec: hit.v.spec, priority });
      }
    });
  }
  found.sort((a, b) => b.end - b.start - (a.end - a.start) || a.priority - b.priority || a.start - b.start);
  const chosen: PeriodPhrase[] = [];
  for (const f of found) {
    if (chosen.some((c) => f.start < c.end && c.start < f.end)) continue;
    const { priority: _priority, ...phrase } = f;
    chosen.push(phrase);
  }
  return chosen.sort((a, b) => a.start - b.start);
}

/**
 * Finds the period phrases in a question, longest first, without overlaps, in text order, with
 * pieces written apart folded into one phrase (see fold.ts: "Q3 revenue FY2025", "TTM … as of Q3
 * FY2025", "YTD … through Q2 FY2024", lists such as "Q1 and Q2 2022" and "fiscal 2022 and 2023").
 * E.g. "operating margin in FY2026 vs the prior year" → ["FY2026", "prior year"].
 */
export function extractPeriodPhrases(question: string): PeriodPhrase[] {
  // the planner reads one question's periods several times (narrative routing, entity spans, the plan):
  // the phrases of the latest texts are kept, frozen (a caller that changed one would throw), the list copied
  let found = recentPhrases.get(question);
  if (found) {
    recentPhrases.delete(question);
  } else {
    found = deepFreeze(foldPhrases(question, grammarPhrases(question)));
    if (recentPhrases.size >= RECENT_PHRASES) recentPhrases.delete(recentPhrases.keys().next().value!);
  }
  recentPhrases.set(question, found);
  return [...found];
}

const RECENT_PHRASES = 256;
const recentPhrases = new Map<string, PeriodPhrase[]>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Parses one phrase that must make up the whole text; null when it does not. */
export function parsePeriodPhrase(text: string): PeriodPhrase['spec'] | null {
  const trimmed = text.trim();
  const phrases = grammarPhrases(trimmed);
  return phrases.length === 1 && phrases[0]!.start === 0 && phrases[0]!.end === trimmed.length ? phrases[0]!.spec : null;
}
