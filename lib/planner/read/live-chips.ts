/**
 * An ask-back offers only chips that lead somewhere. A chip that rewrites the question ("profit" → "net income")
 * is planned before it is offered: when its question would still be blocked by words no reader places ("keep",
 * "after the minority partners' share"), choosing it is a dead end — the next answer asks to rephrase with nothing
 * to click — so it is not offered. When no chip is left, the ask-back says what blocks it: the words that no choice
 * places, named, as every unplaced word is.
 */
import type { Clarification, PlanResult } from '../types';
import { couldNotPlace, unplacedOf } from './unplaced';

/** `result` with the rewrite chips whose questions are blocked by unplaced words removed (`plan` plans one). */
export function withLiveChips(question: string, result: PlanResult, plan: (q: string) => PlanResult): PlanResult {
  if (result.status !== 'needs_clarification') return result;
  const c = result.clarification;
  if (!c.rewrites?.some((w) => w)) return result;
  const blocked = c.options.map((_, i) => {
    const rewrite = c.rewrites?.[i];
    // a chip standing for an intent is planned already; an example ("e.g.") opens the question for editing
    return rewrite && !c.intents?.[i] ? unplacedOf(plan(rewrite)) : null;
  });
  if (!blocked.some((b) => b)) return result;
  const keep = (_: unknown, i: number) => !blocked[i];
  const live: Clarification = {
    question: c.question,
    options: c.options.filter(keep),
    ...(c.rewrites ? { rewrites: c.rewrites.filter(keep) } : {}),
    ...(c.intents ? { intents: c.intents.filter(keep) } : {}),
  };
  const dropped = c.options.filter((_, i) => blocked[i]);
  const note = `chips not offered (their questions leave words unplaced): ${dropped.join('; ')}`;
  if (live.options.length > 0) return { ...result, clarification: live, notes: [...result.notes, note] };
  // no choice places every word: the words none of them places, as they are written in the question
  const lower = question.toLowerCase();
  const words = [...new Set(blocked.flatMap((b) => b ?? []))].filter((w) => lower.includes(w.toLowerCase()));
  if (words.length === 0) return { ...result, clarification: live, notes: [...result.notes, note] };
  return couldNotPlace(words, result.partial, [...result.notes, note, `asked first: ${c.question}`]);
}
