/**
 * The closed class of words that name nothing a figure is made of: articles, prepositions, conjunctions,
 * pronouns, auxiliaries and question words. They may sit inside a name ("Rest of Asia Pacific") but never
 * have to be covered by a measure or member. Keys are those of lemma.ts.
 */
import { lemma } from './lemma';

const WORDS = `a an the this that these those it its their his her our your my we you they them i
of in on at for by from with within into onto about as to and or nor but than then so if also both either
what which who whom whose where how when why
is are was were be been being am do does did done has have had will would shall should can could may might must
much many any some`;

const KEYS = new Set(WORDS.split(/\s+/).filter(Boolean).map(lemma));

/** Whether a word key is a function word. */
export function isFunctionWord(key: string): boolean {
  return KEYS.has(key);
}
