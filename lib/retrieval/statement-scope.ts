/**
 * Statement scope: a question that names its source statements ("using the cash flow statement", "shown
 * in the P&L", "based on the balance sheet") takes each figure from a named statement where the filing
 * prints it there. A figure printed only in a note, the MD&A or a parent-only schedule is not taken in
 * its place; a figure the named statements do not carry at all (operating income when only the cash
 * flow statement is named) comes from its own primary statement. Facts without a table (XBRL,
 * companyfacts), and facts stored before ingestion recorded statements whose table's title names none,
 * cannot be placed and are kept.
 */
import type { StatementKind } from '@/lib/domain/types';
import type { FactRecord, RejectedCandidate } from './lookup-facts';

export type { StatementKind };

const STATEMENT_WORDS: Record<StatementKind, string> = {
  income_statement: 'income statement',
  balance_sheet: 'balance sheet',
  cash_flow_statement: 'cash flow statement',
};

/** A primary statement's kind from a stored table title; null for notes, schedules and a parent company's own statements. */
export function statementOfTable(title: string | null): StatementKind | null {
  if (!title || /\bparent\b|\bregistrant\b|\bguarant|\bobligor\b|\bsupplemental\b|\bnote\s+\d/i.test(title)) return null;
  if (/\bcash\s+flows?\b/i.test(title) && /\bstatements?\b/i.test(title)) return 'cash_flow_statement';
  if (/\bbalance\s+sheets?\b|\bfinancial\s+(?:position|condition)\b/i.test(title)) return 'balance_sheet';
  if (
    /\bstatements?\s+of\s+(?:consolidated\s+)?(?:income|operations|earnings)\b|\bincome\s+statements?\b|\bprofit\s+(?:and|&)\s+loss\b/i.test(
      title,
    )
  )
    return 'income_statement';
  return null;
}

export type ScopedCandidates =
  | { ok: true; kept: FactRecord[]; rejected: RejectedCandidate[] }
  | { ok: false; rejected: RejectedCandidate[]; reason: string };

/** The candidates a statement scope keeps (all of them without a scope), or why none is kept. */
export function onStatements(candidates: FactRecord[], statements: readonly StatementKind[] | undefined): ScopedCandidates {
  if (!statements?.length || candidates.length === 0) return { ok: true, kept: candidates, rejected: [] };
  // the statement recorded at ingestion; facts stored before it was recorded: read from the table's title
  const kindOf = (c: FactRecord) => (c.statement !== undefined ? c.statement : statementOfTable(c.citation.table));
  const named = candidates.filter((c) => {
    const k = kindOf(c);
    return k !== null && statements.includes(k);
  });
  // unplaced: no table (XBRL, companyfacts), or stored before statements were recorded in a table whose title
  // names no statement — such a fact was filed under whichever sighting came first, so its table does not say
  // where the filing prints it
  const unplaced = candidates.filter((c) => c.citation.tableId === null || (c.statement === undefined && kindOf(c) === null));
  const otherStatement = candidates.filter((c) => {
    const k = kindOf(c);
    return k !== null && !statements.includes(k);
  });
  const kept = named.length ? named : unplaced.length ? unplaced : otherStatement;
  const words = statements.map((s) => STATEMENT_WORDS[s]).join(' or the ');
  const rejected: RejectedCandidate[] = candidates
    .filter((c) => !kept.includes(c))
    .map((c) => ({
      factId: c.id,
      code: 'OTHER_STATEMENT',
      reason: `printed in “${c.citation.table ?? 'another table'}”, not in the ${words}`,
    }));
  if (kept.length) return { ok: true, kept, rejected };
  const where = [...new Set(candidates.map((c) => c.citation.table).filter((t): t is string => !!t))].slice(0, 2);
  return {
    ok: false,
    rejected,
    reason: `it is not shown in the ${words}${where.length ? ` (the filing prints it in ${where.map((t) => `“${t}”`).join(' and ')})` : ''}`,
  };
}
