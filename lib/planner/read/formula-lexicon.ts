/**
 * The words of a formula the user states, as a closed lexicon (lib/planner/read/formula reads them):
 * operators with their precedence class, the markers that introduce a definition ("=", "i.e.", "defined
 * as", "which I compute as"), averages of opening and closing balances, "per share", "ratio of X to Y",
 * "what share of Y went to X", numbers written into the formula.
 */

import { numberWord } from '@/lib/domain/number-words';
import { CLAUSE_AFTER_DASH, LEFT_AFTER } from '../operations';

export type FormulaOp = 'add' | 'sub' | 'mul' | 'div' | 'share';

/** Operators at a position (sticky regexes), longest first. */
export const OPERATORS: { re: RegExp; op: FormulaOp }[] = [
  {
    re: /as\s+(?:a|an)\s+(?:percentage|percent|%|share|proportion|fraction|portion)\s+of\b|as\s+%\s+of\b|in\s+percent(?:age)?\s+of\b/iy,
    op: 'share',
  },
  {
    re: /as\s+(?:a|an)\s+multiple\s+of\b|relative\s+to\b|divided\s+by\b|per\s+dollar\s+of\b|for\s+every\s+dollar\s+of\b|over\b|÷|\//iy,
    op: 'div',
  },
  { re: /multiplied\s+by\b|times\b|×|\*/iy, op: 'mul' },
  { re: /added\s+to\b|together\s+with\b|plus\b|\+/iy, op: 'add' },
  { re: new RegExp(String.raw`(?:${LEFT_AFTER})\b|net\s+of\b|minus\b|less\b|−|[–-](?=\s)(?!${CLAUSE_AFTER_DASH})`, 'iy'), op: 'sub' },
];

/** The short names of the balances analysts average ("net income over average equity"), after "average" only. */
export const AVERAGED_BALANCE: Record<string, string> = { equity: 'total_equity', assets: 'total_assets' };

/** "average", "the average of", "the mean of the opening and closing", "average of beginning and ending" (before the operand). */
export const AVERAGE_BEFORE =
  /(?:the\s+)?(?:average|averaged|mean)(?:\s+of)?(?:\s+(?:the\s+|its\s+)?(?:beginning|opening|start(?:ing)?|prior[- ]year[- ]end)(?:[-\s]+(?:of[-\s]+(?:the\s+)?(?:year|period)[-\s]+)?)?(?:and|,|\/|to)\s+(?:the\s+)?(?:ending|closing|end|year[- ]end|current[- ]year[- ]end)(?:[-\s]+of[-\s]+(?:the\s+)?(?:year|period))?(?:\s+balances?)?)?(?:\s+of)?\b/iy;

/** "(beginning and end of year)", "averaged over the opening and closing balances", ", averaged" (after the operand). */
export const AVERAGE_AFTER =
  /\(?\s*(?:averaged(?:\s+(?:over|across|between|of))?(?:\s+the)?(?:\s+(?:opening|beginning)\s+and\s+(?:closing|ending)(?:\s+balances?)?)?|(?:beginning|opening|start)\s+(?:and|&)\s+(?:end|ending|closing)(?:\s+of\s+(?:the\s+)?(?:year|period))?(?:\s+balances?)?)\s*\)?/iy;

/** Opening words of a definition after the name it defines. */
export const DEFINITION_MARKER =
  /(?:\s*,\s*|\s+)?(?:\bi\.\s?e\.|\bie\b|\b(?:that\s+is|namely|meaning|using|defined\s+as|which\s+(?:i|we)\s+(?:define|compute|calculate|take|measure|treat|work\s+out)\s+as|(?:i|we)\s+(?:define|compute|calculate)\s+(?:it\s+)?as|(?:is|are)\s+(?:defined|calculated|computed)\s+as|(?:computed|calculated|taken|measured|worked\s+out|derived|expressed|defined)(?:\s+simply)?\s+as|where\s+it\s+is)\b)\s*[:,]?\s*|\s=\s?|=\s|:\s/iy;

/** A sentence opening with a verb of definition before the name it defines ("Define X as …", "Let X = …"). */
export const DEFINE_LEAD =
  /(?:^|[.?!;]\s+)(?:(?:let(?:['’]s|\s+us)?|we(?:['’]ll)?|i(?:['’]ll)?)\s+)?(?:define|denote|call)\s+(?:the\s+)?|(?:^|[.?!;]\s+)let\s+(?=[^=.?!;]{1,60}=)/gi;
/** After that name: the "as" (not "as of", "as a percentage") or "=" that opens its formula. */
export const DEFINE_AS = /\s+as\b(?!\s+(?:of|at|an?|percent|%)\b)\s*:?\s*|\s*=\s*/i;

/** After a definition, the verb asking for its result: "work it out for …", "compute it", "apply that to …". */
export const COMPUTE_IT =
  /\b(?:(?:work|figure)(?:\s+(?:it|this|that))?\s+out|(?:compute|calculate|evaluate|apply|find|give)(?:\s+(?:it|this|that))?)\b(?=\s+(?:for|to|on|at|as\s+of)\b)/gi;

/** "Compute X as …", "calculate X as …": the "as" after the name the formula defines. */
export const COMPUTE_AS = /\b(?:compute|calculate|work\s+out|figure\s+out|determine|derive|estimate)\b/i;

/**
 * After a compute verb and the name it computes (with its period or company between): the "as" or the dash that
 * opens the formula ("Compute X's operating margin for fiscal 2025 as A divided by B", "calculate the margin for
 * FY2025 — A divided by B"). Not "as a percentage of" (an operator) nor "as of" (a date).
 */
export const COMPUTE_MARKER = /\s+as\b(?!\s+(?:of|at|an?|percent|%)\b)\s*|\s*[—―]\s*/iy;

/** "ratio of X to Y". */
export const RATIO_OF = /(?:the\s+)?ratio\s+of\b/iy;

/**
 * "what share of Y went to X", "what percentage of its revenue did it keep as net income", "how much of each
 * revenue dollar did it turn into operating cash flow" (a share said per unit of money: the dollar is a link word).
 */
export const SHARE_OF =
  /(?:what|which|the)\s+(?:share|percentage|percent|fraction|proportion|portion)\s+of\b|how\s+much\s+of\s+(?:each|every)\b(?=(?:\s+[\w&'’-]+){0,5}?\s+(?:dollars?|euros?|cents?)\b)/iy;
/** The words between Y and X of a "share of" question ("went into", "did … keep as", "was spent on"). */
export const SHARE_LINK = new Set(
  'went go goes going gone was were is are spent spend consumed absorbed kept keep keeps did does do turned turn converted convert paid pay used use to into on as for in by at dollar dollars euro euros cent cents'.split(
    ' ',
  ),
);

/** "per share", "per diluted share", "per weighted-average diluted share", "per share outstanding", "per share, on a diluted basis". */
export const PER_SHARE =
  /per\s+(?:(basic|diluted)\s+)?(?:(?:weighted[- ]average|average)\s+(?:(basic|diluted)\s+)?)?(?:common\s+|ordinary\s+)?share(?:s)?(?:\s+(outstanding))?(?:\s+(?:at|as\s+of)\s+(?:the\s+)?(?:year|period)[- ]end)?(?:\s*,?\s*(?:on\s+an?\s+)?(basic|diluted)(?:\s+basis)?\b)?\b/iy;

/** Numbers a formula writes: "365", "4", "1", "two", "twice". */
export const NUMBER = /(\d+(?:\.\d+)?)(?![\d,])|(twice|two|three|four|five|six|ten|twelve|hundred)\b/iy;
export const NUMBER_WORDS: Record<string, string> = {
  ...Object.fromEntries(['two', 'three', 'four', 'five', 'six', 'ten', 'twelve'].map((w) => [w, String(numberWord(w))])),
  twice: '2',
  hundred: '100',
};

/** "divide X by Y": the verb, then "by" as the division. */
export const DIVIDE = /divide\b/iy;
export const DIVIDE_BY = /\bdivide\b[^.?!;]*\bby\b/i;

/** Words that state a quotient wherever they stand. */
export const QUOTIENT_WORDS = /\b(?:per\s+dollar\s+of|for\s+every\s+dollar\s+of|relative\s+to|as\s+a\s+multiple\s+of)\b/i;

/** "how many times did X cover Y", "how many times could X cover Y": X ÷ Y. */
export const COVER = /cover(?:s|ed|ing)?\b/iy;
export const HOW_MANY_TIMES = /\bhow\s+many\s+times\b/i;
/** "how many times did it turn (over) its inventory": the verb of a turnover, after "how many times". */
export const TURN = /\b(?:turn(?:s|ed)?(?:\s+over)?)\b/gi;

/** "(no averaging)", "without averaging": said beside a formula that averages nothing. */
export const NO_AVERAGE = /\(?\s*(?:no|without|not)\s+averag(?:ing|ed|e)\s*\)?/iy;

/** "year-end accounts receivable", "closing inventory", "period-end equity": the balance at the period's end. */
export const AT_END =
  /(?:(?:fiscal[- ])?(?:year|period|quarter)[- ]end(?:ing)?|closing|ending|end[- ]of[- ](?:the[- ])?(?:year|period))\b/iy;

/** "by how much did X exceed Y", "how much more was X than Y": X − Y (within one company). */
export const EXCEED = /exceed(?:s|ed)?\b|(?:was\s+|were\s+)?(?:more|bigger|larger|higher|greater)\s+than\b/iy;
export const HOW_MUCH = /\bhow\s+much\b/i;

/** "how much was left from X after Y": the words naming X as what remains from (the difference is the operator's). */
export const LEFT_FROM = /left(?:\s+over)?(?=\s+(?:from|out\s+of)\b)/iy;

/**
 * The question word of a subtraction's result at the question's end ("… minus cost of sales — what's left?", "what
 * remains?", "what was left over"): placed by the calculation's readers only after a minus, never on its own.
 */
export const RESULT_LEFT =
  /what(?:['’]s|\s+is|\s+was|\s+would\s+be)\s+(?:left(?:\s+over)?|remaining)(?=\s*[?.!]*\s*$)|what\s+(?:remains|remained)(?=\s*[?.!]*\s*$)/iy;

/**
 * A calculation said as steps, each applied to the result so far ("take A, subtract B, then add C", "start with A,
 * then deduct B, and divide the result by C"): operators only after an operand (before one, "subtract B from A" and
 * "add up" are the expression reader's); a step that multiplies or divides takes everything before it.
 */
const STEP_THEN = String.raw`(?:(?:and|,)\s+)?(?:then\s+)?`;
const STEP_OBJECT = String.raw`(?:\s+(?:it|that|this|the\s+(?:result|difference|sum|total|remainder)))?`;
export const STEP_OPERATORS: { re: RegExp; op: FormulaOp }[] = [
  {
    re: new RegExp(String.raw`${STEP_THEN}(?:subtract(?:ing)?|deduct(?:ing)?|take\s+away|taking\s+away|take\s+off)\b(?!\s+from\b)`, 'iy'),
    op: 'sub',
  },
  { re: new RegExp(String.raw`${STEP_THEN}add(?:ing)?\b(?!\s+(?:up|back|together)\b)(?:\s+(?:on|in)\b)?`, 'iy'), op: 'add' },
  { re: new RegExp(String.raw`${STEP_THEN}divid(?:e|ing)${STEP_OBJECT}\s+by\b`, 'iy'), op: 'div' },
  { re: new RegExp(String.raw`${STEP_THEN}multiply(?:ing)?${STEP_OBJECT}\s+by\b`, 'iy'), op: 'mul' },
];
/** The verb that opens such steps with their first operand ("take", "start with", "begin from", "starting with"). */
export const STEP_START = /(?:(?:start|begin)(?:ning|ing)?\s+(?:with|from)|take)\b/iy;
