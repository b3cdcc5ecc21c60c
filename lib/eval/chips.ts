/**
 * Clarification chips followed to the end, as an analyst clicks them: every question a set asked back with
 * options is asked again (stored, so its chips can be chosen) and each chip is chosen the way the UI and the
 * JSON API choose one — `clarifiedQuestion` (lib/answer/follow-up.ts) rebuilds the question on the server from
 * the stored answer and the chosen index, then `answerQuestion` answers it with the chosen intent or rewrite.
 *
 * A chip completes its question when the chosen question is answered, abstains, is refused with a typed
 * error, or asks a further, different question that has chips of its own (a comparison's next company),
 * which is followed in turn; an example among rewrites ("a specific fiscal year, e.g. FY2024") opens the
 * question for editing, as the page does. It is a dead end when it carries nothing to choose (no rewrite,
 * typed period or planned intent: the page would ask its label alone), when choosing it fails, when the
 * same clarification comes back, or when the next clarification offers no chip to click.
 */
import { DEMO_TENANT_ID } from '@/lib/demo/seed';
import type { Database } from '@/lib/db/client';
import { answerQuestion } from '@/lib/answer/answer-question';
import { clarifiedQuestion } from '@/lib/answer/follow-up';
import type { Answer } from '@/lib/answer/types';

export interface ChipOutcome {
  /** the golden item the first clarification came from */
  id: string;
  /** the chips clicked, in order, from the first clarification */
  path: string[];
  /** the status the last click led to, or 'error' when choosing failed */
  status: Answer['status'] | 'error';
  detail: string;
  dead: boolean;
}

export interface ChipReport {
  /** items asked back with at least one chip */
  askedBack: number;
  /** chips clicked (every level) */
  clicked: number;
  outcomes: ChipOutcome[];
  dead: ChipOutcome[];
}

/** How deep a chain of clarifications is followed (a three-company ranking asks three times). */
const MAX_DEPTH = 4;
/** Chips clicked per golden item at most, over every level. */
const MAX_CLICKS_PER_ITEM = 24;

const ask = (database: Database, question: string, intent?: Parameters<typeof answerQuestion>[0]['intent']) =>
  answerQuestion({ db: database.db, tenantId: DEMO_TENANT_ID, userId: null, role: 'analyst', question, intent, store: true });

/** The same clarification again: its question and options unchanged. */
const sameClarification = (a: Answer, b: Answer) =>
  a.clarification?.question === b.clarification?.question &&
  JSON.stringify(a.clarification?.options ?? []) === JSON.stringify(b.clarification?.options ?? []);

/** Asks each item again and clicks every chip of its clarification, following further clarifications. */
export async function followChips(database: Database, items: { id: string; question: string }[]): Promise<ChipReport> {
  const outcomes: ChipOutcome[] = [];
  let askedBack = 0;
  let clicked = 0;
  for (const item of items) {
    const first = await ask(database, item.question);
    if (first.status !== 'needs_clarification' || !first.clarification?.options.length) continue;
    askedBack++;
    let budget = MAX_CLICKS_PER_ITEM;
    const follow = async (answer: Answer, path: string[]): Promise<void> => {
      const options = answer.clarification?.options ?? [];
      for (let choice = 0; choice < options.length && budget > 0; choice++) {
        budget--;
        clicked++;
        const here = [...path, options[choice] ?? `option ${choice}`];
        const outcome = (status: ChipOutcome['status'], detail: string, dead: boolean) =>
          outcomes.push({ id: item.id, path: here, status, detail, dead });
        if (!answer.manifestId) {
          outcome('error', 'the clarification was not stored: no chip can be chosen', true);
          return;
        }
        const c = answer.clarification;
        if (!(c?.rewrites?.[choice] || c?.choices?.[choice] || c?.intents?.[choice])) {
          // as the page treats it (components/answer/answer-view.tsx): beside other rewrites, an example ("e.g.")
          // opens the question for editing; with nothing to choose at all, the page would ask the label alone
          if (c?.rewrites) outcome('needs_clarification', 'opens the question for editing (an example, not a choice)', false);
          else outcome('error', 'the chip carries no choice: the page would ask its label alone', true);
          continue;
        }
        let next: Answer;
        try {
          const chosen = await clarifiedQuestion({
            db: database.db,
            tenantId: DEMO_TENANT_ID,
            userId: null,
            manifestId: answer.manifestId,
            choice,
          });
          next = await ask(database, chosen.question, chosen.intent);
        } catch (e) {
          outcome('error', e instanceof Error ? e.message : String(e), true);
          continue;
        }
        const text = next.text.slice(0, 200);
        if (next.status !== 'needs_clarification') outcome(next.status, text, false);
        else if (sameClarification(answer, next)) outcome(next.status, `the same clarification again: ${text}`, true);
        else if (!next.clarification?.options.length) outcome(next.status, `a clarification without chips: ${text}`, true);
        else if (here.length >= MAX_DEPTH) outcome(next.status, `still asking after ${here.length} choices: ${text}`, true);
        else await follow(next, here);
      }
    };
    await follow(first, []);
  }
  return { askedBack, clicked, outcomes, dead: outcomes.filter((o) => o.dead) };
}

/** One line for the eval's log, then one line per dead end. */
export function formatChips(set: string, r: ChipReport): string {
  const completed = r.outcomes.length - r.dead.length;
  const lines = [
    `${set} chips: ${r.askedBack} questions asked back, ${r.clicked} chips clicked, ${completed} completed, ${r.dead.length} dead ends`,
  ];
  for (const d of r.dead) lines.push(`  DEAD ${d.id} [${d.path.join(' → ')}] ${d.status}: ${d.detail}`);
  return lines.join('\n');
}
