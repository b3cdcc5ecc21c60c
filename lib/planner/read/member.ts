/**
 * The member reader: what qualifies a measure — a segment, product or region (a dimension member of the
 * filing), basic/diluted, GAAP — read by the measure matcher (lib/planner/match-metric qualifiers).
 * Understood qualifiers are placed; a member the filing does not report is said to be missing (never the
 * total instead); a qualifier Ledgerline cannot apply ("adjusted") is asked back.
 */
import type { Reader } from './types';

function lowerFirst(t: string): string {
  return /^[A-Z][a-z]/.test(t) ? t[0]!.toLowerCase() + t.slice(1) : t;
}

export const memberReader: Reader = {
  name: 'member',
  read(r) {
    const { spans, notes, entities } = r;
    for (const m of r.metricMentions) {
      for (const q of m.qualifiers ?? []) {
        if (q.understood) {
          if (!spans.taken(q.start, q.end)) spans.claim(q.start, q.end, 'qualifier', q.value ?? q.text);
          continue;
        }
        const what =
          q.kind === 'member' ? `“${q.text}” (no reported ${lowerFirst(m.ref.label)} for that segment, product or region)` : `“${q.text}”`;
        if (q.kind === 'member') {
          return {
            status: 'insufficient_evidence',
            missing: `${m.ref.label} for ${what} is not reported; Ledgerline does not answer with the total instead.`,
            partial: { entities },
            notes,
          };
        }
        return {
          status: 'needs_clarification',
          clarification: {
            question: `Ledgerline reports figures as filed and cannot apply ${what} to ${lowerFirst(m.ref.label)}. Ask for the reported figure instead?`,
            options: [],
          },
          partial: { entities },
          notes,
        };
      }
    }
    return null;
  },
};

export { lowerFirst };
