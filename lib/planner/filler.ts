/**
 * The closed list of words that carry no meaning for a numeric question: function words, question words,
 * politeness, and verbs of reporting. Any other word must be placed by a rule (entity, measure, period,
 * operation, …) or it blocks the answer. Temporal words, measure qualifiers and operation words are never
 * filler: a question that uses one the planner cannot place gets a question back, not a guess.
 */
const FILLER = new Set(
  `a an the this that these those it its it's their theirs his her our your my me we you they them i i'd i'm i'll we'd we're
  of in on at for by from with within into onto about as to and or nor but than then so if whether also both either
  what what's whats which who whom whose where how when why
  is are was were be been being am do does did done doing has have had having will would shall should can could may might must
  please kindly just only exactly precisely actually really roughly approximately about around
  show give tell list find pull fetch provide return display get got see look let lets let's want need like know
  report reports reported reporting post posted posting book booked record recorded generate generated generating
  make made deliver delivered produce produced achieve achieved log logged bring brought ring rang come came
  hold held holding spend spent spending put side alongside exit exited land print printed
  much many more most least bigger larger higher lower smaller greater
  money company company's companies firm business group entity figure figures number numbers amount amounts value values
  result results data line item items metric metrics number's
  here there any some another
  vs v versus between compare compared comparing comparison against relative`
    .split(/\s+/)
    .filter(Boolean),
);

export function isFiller(word: string): boolean {
  return FILLER.has(word.toLowerCase().replace(/’/g, "'"));
}
