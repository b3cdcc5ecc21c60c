/**
 * The scope reader: which version of a figure (lib/planner/version-basis: "as originally reported", "as
 * restated", "in the 2021 10-K"), which reporting entity ("consolidated", "standalone") and which basis of
 * accounting ("GAAP") the question names. Two version words that disagree are asked back.
 */
import { matchMetrics } from '../match-metric';
import { readVersionBasis, versionsOnlyForValues } from '../version-basis';
import type { Reader } from './types';

export const scopeReader: Reader = {
  name: 'scope',
  read(r) {
    const { question, spans, notes, entities } = r;
    const version = readVersionBasis(question);
    if (version.clarification) return { status: 'needs_clarification', clarification: version.clarification, partial: { entities }, notes };
    r.version = version;
    for (const c of version.claims) spans.claim(c.start, c.end, 'basis', c.detail);
    // "the standalone quarter Q3": a discrete quarter (not the YTD), not a scope
    for (const m of question.matchAll(/\b(?:standalone|discrete|stand-alone)\s+(?:quarter|three[- ]months?|3[- ]months?|period)\b/gi))
      spans.claim(m.index!, m.index! + m[0].length, 'period', 'discrete quarter');
    // "consolidated net income" is a caption of its own (the line before noncontrolling interests), not a scope word
    for (const m of question.matchAll(/\b(consolidated|standalone)\b(?!\s+net\s+(?:income|earnings)\b)/gi))
      if (!spans.taken(m.index!, m.index! + m[0].length)) spans.claim(m.index!, m.index! + m[0].length, 'scope', m[1]!.toLowerCase());
    // "GAAP", "U.S. GAAP", "(GAAP)", "as reported under GAAP": the filed figures are the GAAP ones; "non-GAAP" is not
    // placed here (it stays a word the planner cannot answer)
    for (const m of question.matchAll(
      /(?<![-\w]\s?)(?<!non[-\s]?)\b(?:(?:U\.?S\.?|US)\s+)?GAAP\b(?!\s*[-–]?\s*(?:adjusted|basis\s+adjusted))/gi,
    )) {
      if (!spans.taken(m.index!, m.index! + m[0].length)) spans.claim(m.index!, m.index! + m[0].length, 'qualifier', 'gaap');
    }
    return null;
  },
};

/** The scope of the whole question: standalone or consolidated as written, else the thread's, else consolidated. */
export function questionScope(
  question: string,
  sameEntitiesAsPrev: boolean,
  prevScope: 'consolidated' | 'standalone' | null,
): 'consolidated' | 'standalone' {
  const STANDALONE = /\bstandalone\b(?!\s+(?:quarter|three[- ]months?|3[- ]months?|period|basis quarter))/i;
  if (STANDALONE.test(question)) return 'standalone';
  if (/\bconsolidated\b/i.test(question)) return 'consolidated';
  return sameEntitiesAsPrev && prevScope ? prevScope : 'consolidated';
}

/** "consolidated operating profit and standalone revenue": a scope pinned to each operand. */
export function scopePins(question: string): Record<string, 'consolidated' | 'standalone'> {
  const pins: Record<string, 'consolidated' | 'standalone'> = {};
  for (const m of question.matchAll(/\b(consolidated|standalone)\s+/gi)) {
    const after = question.slice(m.index! + m[0].length, m.index! + m[0].length + 60);
    const hit = matchMetrics(after).mentions[0];
    if (hit && hit.index <= 2 && hit.ref.kind === 'base') pins[hit.ref.id] = m[1]!.toLowerCase() as 'consolidated' | 'standalone';
  }
  return pins;
}

export { versionsOnlyForValues };
