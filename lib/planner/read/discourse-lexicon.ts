/**
 * The closed lexicon of discourse: words that say how to answer or who is asking, never which figure.
 * Each class is a short, documented list, matched as grammar over clauses — never a sentence learnt by heart:
 *
 * - role-play and perspective clauses: an opener ("assume you are", "suppose you're", "act as", "as", "take the perspective
 *   of", "answer as … would") and a role ("an equity analyst", "a bond investor covering semiconductors"),
 *   or what the asker is doing ("assume you are preparing a comps table"), up to the clause's end;
 * - answer-form clauses: task verbs, answer nouns and manner words only ("Give a short answer.", "Respond
 *   in one line:", "Quick one:", "Without commentary,");
 * - task verbs that open a clause and govern the figure ("Please state …", "Compute …");
 * - source phrases around what other readers placed: "based on <period> data", "considering <period>",
 *   "using data from <period>", "according to <statement>", "a reasonable approximation of".
 *
 * A clause with one word outside its class (a measure, a number, a period, a segment) is no discourse:
 * its words are left to the other readers, and what none of them places blocks the answer.
 */
import { isFiller } from '../filler';
import { tokenize } from '../spans';

export interface DiscourseClaim {
  start: number;
  end: number;
  detail: string;
}

/** Who the asker plays or serves: the head noun of a role ("a sell-side analyst", "the CFO"). */
const ROLE_NOUNS = new Set(
  `analyst analysts investor investors manager managers student students banker bankers trader traders accountant accountants
  auditor auditors economist economists strategist strategists advisor advisors adviser advisers consultant consultants cfo ceo
  treasurer controller lender lenders underwriter underwriters researcher researchers journalist journalists reporter reporters
  officer officers director directors expert experts professional professionals specialist specialists associate associates
  executive executives shareholder shareholders stockholder stockholders owner owners buyer buyers reviewer reviewers examiner
  examiners teacher professor modeler modeller modelers modellers quant quants pm pms intern interns committee board member members
  assistant assistants person someone`
    .split(/\s+/)
    .filter(Boolean),
);

/** Openers of a role-play or perspective clause (at the start of the question or of a sentence). */
const ROLE_OPENER =
  /^(?:(?:please\s+)?assume\s+(?:that\s+)?you(?:['’]re|\s+are)|(?:please\s+)?assume\s+the\s+(?:role|perspective|position|viewpoint|view)\s+of|assume\s+you\s+(?:work|are\s+working)|(?:please\s+)?act(?:ing)?\s+as|pretend\s+(?:that\s+)?(?:you(?:['’]re|\s+are)|to\s+be)|imagine\s+(?:that\s+)?you(?:['’]re|\s+are)|(?:please\s+)?suppose\s+(?:that\s+)?you(?:['’]re|\s+are)|(?:let['’]s\s+)?say\s+(?:that\s+)?you(?:['’]re|\s+are)|you(?:['’]re|\s+are)|speaking\s+as|as|take\s+the\s+(?:perspective|view|viewpoint|role|position|stance)\s+of|from\s+the\s+(?:perspective|viewpoint|point\s+of\s+view|standpoint)\s+of|(?:please\s+)?answer\s+(?:this\s+|the\s+following\s+)?(?:question\s+)?(?:as|like)|in\s+the\s+role\s+of|put\s+yourself\s+in\s+the\s+(?:shoes|position)\s+of|think\s+like)\b/i;

/** Task verbs, answer nouns and manner words: the whole vocabulary of an answer-form clause (with the function words). */
const ANSWER_FORM = new Set(
  `answer answers answering respond responding response reply replying give giving provide providing state stating tell show quote
  report express present share confirm use need want like help keep make
  short shortly brief briefly quick quickly concise concisely simple simply plain direct directly succinct succinctly single one two
  strictly solely exclusively purely
  line lines sentence sentences word words number figure value result final headline only just exact exactly please kindly thanks
  thank without with no commentary comment comments explanation explanations elaboration context caveats working workings details
  detail narrative text prose fluff following question questions below here here's ok okay`
    .split(/\s+/)
    .filter(Boolean),
);
/** An answer-form clause names one of these (a clause of only "the" and "one" is none). */
const ANSWER_FORM_STRONG =
  /\b(?:answer|respond|response|reply|give|provide|state|quote|short|brief|briefly|quick|quickly|concise|commentary|explanation|number|figure|line|sentence)\b/i;

/**
 * A task verb opening a clause and governing the figure ("Please state Apple's revenue", "Compute …"); never one
 * joined to the next word by "&", which makes it part of a name ("Compute & Networking", a segment).
 */
const TASK_LEAD =
  /^(?:(?:please|kindly|now|so|ok(?:ay)?)\s*,?\s+)*(?:state|give(?:\s+(?:me|us))?|tell\s+(?:me|us)|provide|report|express|show(?:\s+(?:me|us))?|list|compute|calculate|work\s+out|figure\s+out|find|determine|quote|estimate|look\s+up|pull(?:\s+up)?|fetch|get(?:\s+(?:me|us))?|i\s+(?:need|want|would\s+like|['’]d\s+like)(?:\s+to\s+know)?|can\s+you\s+(?:tell\s+me|give\s+me|state|provide|compute|calculate|find))\b(?!\s*&)/i;

/** Text between sentence ends, commas, colons, semicolons and brackets. */
export function clauses(question: string): [number, number][] {
  const out: [number, number][] = [];
  let start = 0;
  const cut = /[.?!;:](?=\s|$)|[,()[\]]/g;
  for (const m of question.matchAll(cut)) {
    const at = m.index ?? 0;
    if (at > start) out.push([start, at]);
    start = at + m[0].length;
  }
  if (start < question.length) out.push([start, question.length]);
  return out;
}

/** Whether the clause starting at `start` opens a sentence (the question's start, or after . ? ! : ;). */
function opensSentence(question: string, start: number): boolean {
  return /(?:^|[.?!:;])\s*$/.test(question.slice(0, start));
}

/** Words a role clause may not hold: a number, an amount, a percentage (a role names no figure). */
const NO_FIGURE = /[\d$€£%]/;

/**
 * "Assume you are an equity analyst.", "As a credit analyst, …", "Take the perspective of a bond investor.",
 * "Assume you work in investor relations at Apple.", "Assume you are preparing a comps table.": the clause
 * is discourse. "As a share of revenue, …" is not (no role noun, no activity).
 */
function roleClause(question: string, s: number, e: number): DiscourseClaim | null {
  const text = question.slice(s, e);
  const lead = text.length - text.trimStart().length;
  const opener = ROLE_OPENER.exec(text.slice(lead));
  if (!opener || NO_FIGURE.test(text)) return null;
  const rest = tokenize(text.slice(lead + opener[0].length));
  const word = opener[0].toLowerCase().replace(/\s+/g, ' ');
  // "assume you work …", "assume you are preparing …": what the asker is doing
  const activity = /work/.test(word) || (/^(?:assume|imagine|pretend|suppose|let|say)/.test(word) && /ing$/.test(rest[0]?.lower ?? ''));
  // a role: at most five words, the last a role noun ("a sell-side analyst", "the company's CFO"), then what it does
  const roleAt = rest.slice(0, 6).findIndex((t) => ROLE_NOUNS.has(t.lower));
  if (!activity && roleAt < 0) return null;
  // "as an analyst" must start a sentence and end its clause at a comma or colon ("As an analyst, what was …")
  if (word === 'as' && (!opensSentence(question, s) || !/^[,:]/.test(question.slice(e)))) return null;
  return { start: s + lead, end: e, detail: 'role' };
}

/** The form of the figure asked for in an answer-form clause ("Give it as a ratio", "State it as a multiple"). */
const AS_FORM = /\bas\s+an?\s+(?:ratio|multiple|decimal(?:\s+number)?|plain\s+number)\b/gi;

/** "Give a short answer.", "Respond in one line:", "Quick one:", "Without commentary,": the clause is discourse. */
function answerFormClause(question: string, s: number, e: number, taken: (start: number, end: number) => boolean): DiscourseClaim[] | null {
  // words an instruction already placed ("in USD", "to two decimals") belong to the clause too
  const text = question.slice(s, e);
  // "as a ratio", "as a multiple": the form of the figure asked for, never a figure of its own
  const forms = [...text.matchAll(AS_FORM)].map((m) => [m.index ?? 0, (m.index ?? 0) + m[0].length] as const);
  const inForm = (t: { start: number; end: number }) => forms.some(([a, b]) => a <= t.start && t.end <= b);
  const tokens = tokenize(text).filter((t) => !taken(s + t.start, s + t.end));
  if (tokens.length === 0 || !ANSWER_FORM_STRONG.test(text)) return null;
  if (!tokens.every((t) => ANSWER_FORM.has(t.lower) || isFiller(t.lower) || inForm(t))) return null;
  // one claim per run of words between the instruction's
  const runs: DiscourseClaim[] = [];
  for (const t of tokens) {
    const last = runs.at(-1);
    if (last && !taken(last.end, s + t.start)) last.end = s + t.end;
    else runs.push({ start: s + t.start, end: s + t.end, detail: 'answer form' });
  }
  return runs;
}

/**
 * "Please state …", "Compute …", "I need …": the task verb at the start of a clause — with what it governs after it in
 * the clause, or right after it in brackets ("…, compute (R&D + SG&A) / revenue": the clause ends at the bracket).
 */
function taskLead(question: string, s: number, e: number): DiscourseClaim | null {
  const text = question.slice(s, e);
  const lead = text.length - text.trimStart().length;
  const m = TASK_LEAD.exec(text.slice(lead));
  if (!m || (lead + m[0].length >= text.trimEnd().length && question[e] !== '(')) return null;
  return { start: s + lead, end: s + lead + m[0].length, detail: 'task' };
}

/**
 * What the asker is doing, said before the question: "I'm screening semis on profitability: …", "We are building a
 * comps table — …", "I'm looking at retailers, so what was …". The clause opens the question with a first person and
 * a verb of what analysts do (screening, building, comparing, …) and ends at a colon, dash, semicolon or sentence end (or a comma before a question word); it holds
 * no number. Its words say why the figure is asked, never which: the figure is the one the question then names.
 */
const ACTIVITY =
  /^\s*(?:(?:so|ok(?:ay)?|hi|hello)\s*,?\s+)?(?:i['’]m|i\s+am|we['’]re|we\s+are)\s+(?:(?:currently|just|now|busy)\s+)?(?:screening|building|looking|comparing|preparing|working|modell?ing|reviewing|analy[sz]ing|researching|studying|writing|putting|updating|checking|benchmarking|doing|trying|covering|evaluating|assessing|valuing|pricing|creating|compiling|gathering|collecting|tracking|following|monitoring|digging|exploring|pulling|refreshing|drafting|sizing|ranking|scanning|surveying|reading)\b[^.?!;:—–\d$€£%]{0,100}?(?:\s*[:;—–]|[.!](?=\s)|,(?=\s*(?:so\s+|and\s+)?(?:what|how|which|can|could|please|give|tell|did|does|do|was|were|is)\b))/i;

/** Words that would restrict or change the figure: a clause holding one is no preamble (its words stay the readers'). */
const CONSTRAINT =
  /\b(?:exclud\w*|includ\w*|except\w*|only|without|net\s+of|adjust\w*|segments?|divisions?|regions?|non-?gaap|pro\s+forma|restat\w*|continuing|discontinued|organic|constant\s+currency)\b/i;

function activityPreamble(question: string, taken: (start: number, end: number) => boolean): DiscourseClaim | null {
  const m = ACTIVITY.exec(question);
  if (!m || !question.slice(m[0].length).trim() || CONSTRAINT.test(m[0])) return null;
  const start = m[0].length - m[0].trimStart().length;
  return taken(start, m[0].length) ? null : { start, end: m[0].length, detail: 'what the asker is doing' };
}

/** The discourse clauses and task verbs of a question (claims do not overlap `taken`). */
export function readDiscourseClauses(question: string, taken: (start: number, end: number) => boolean): DiscourseClaim[] {
  const out: DiscourseClaim[] = [];
  const activity = activityPreamble(question, taken);
  if (activity) out.push(activity);
  const inActivity = (s: number) => !!activity && s < activity.end;
  for (const [s, e] of clauses(question)) {
    if (inActivity(s)) continue;
    const role = roleClause(question, s, e);
    const whole = role ? [role] : answerFormClause(question, s, e, taken);
    if (whole) {
      out.push(...whole);
      continue;
    }
    const task = taskLead(question, s, e);
    if (task && !taken(task.start, task.end)) out.push(task);
  }
  return out;
}

/** Source words before what a reader placed: "based on", "considering", "using data from", "taking into account only". */
export const SOURCE_PREPOSITIONS = String.raw`(?:answer(?:ing)?|respond(?:ing)?|work(?:ing)?)\s+(?:(?:only|solely|strictly|exclusively|just)\s+)?from|based\s+(?:up)?on|using|use|considering|consider|taking\s+into\s+account|take\s+into\s+account|according\s+to|referring\s+(?:only\s+)?to|refer\s+to|relying\s+(?:only\s+)?on|rely\s+on|looking\s+(?:only\s+)?at|look\s+at|with\s+reference\s+to|on\s+the\s+basis\s+of|drawing\s+on|in\s+light\s+of|going\s+by|judging\s+by|working\s+from`;
const SOURCE_LEAD = new RegExp(
  String.raw`\b(?:${SOURCE_PREPOSITIONS}|per)(?:\s+(?:only|solely|just|primarily|mainly|exclusively|strictly))?(?:\s+(?:the|its|their|this|that))?(?:\s+(?:data|figures|numbers|information|results|financials|details|disclosures)\s+(?:from|for|of|in)(?:\s+(?:the|its|their|this|that))?)?\s*$`,
  'i',
);
/** An answer verb and its manner right before a source named with its "from". */
const ANSWER_VERB = /\b(?:answer|respond|reply|work)(?:ing)?(?:\s+(?:only|solely|strictly|exclusively|just|purely))?\s*$/i;
/** Source nouns after what a reader placed: "FY2021 data", "FY2024 figures", "the quarter's numbers". */
const SOURCE_TAIL =
  /^\s*(?:data|figures|numbers|information|results|financials|financial\s+statements|financial\s+data|details|disclosures|accounts)\b/i;
/** An approximation asked for: the reported figure answers it. */
const APPROXIMATION =
  /\b(?:(?:a|an|the)\s+)?(?:(?:reasonable|rough|good|fair|close|ballpark|approximate)\s+)?(?:approximation|estimate|ballpark(?:\s+figure)?)(?:\s+(?:of|for))?\b/gi;

/**
 * Source phrases around spans other readers placed (`placed` lists them): the lead before a placed span,
 * the source noun after one, an approximation asked for. Only words no reader claimed are claimed.
 */
export function readSourcePhrases(
  question: string,
  placed: { start: number; end: number }[],
  free: (start: number, end: number) => boolean,
): DiscourseClaim[] {
  const out: DiscourseClaim[] = [];
  for (const p of placed) {
    const before = question.slice(Math.max(0, p.start - 60), p.start);
    // "Answer strictly from the FY2025 10-K": the answer verb before a source whose own words begin with "from"
    const lead = SOURCE_LEAD.exec(before) ?? (/^from\b/i.test(question.slice(p.start)) ? ANSWER_VERB.exec(before) : null);
    if (lead) {
      const s = p.start - before.length + lead.index;
      const e = s + lead[0].trimEnd().length;
      if (e > s && free(s, e)) out.push({ start: s, end: e, detail: 'source' });
    }
    const tail = SOURCE_TAIL.exec(question.slice(p.end));
    if (tail) {
      const s = p.end + tail[0].length - tail[0].trimStart().length;
      const e = p.end + tail[0].length;
      if (free(s, e)) out.push({ start: s, end: e, detail: 'source' });
    }
  }
  for (const m of question.matchAll(APPROXIMATION)) {
    const s = m.index ?? 0;
    const e = s + m[0].length;
    if (/\b(?:approximation|estimate|ballpark)\b/i.test(m[0]) && free(s, e)) out.push({ start: s, end: e, detail: 'approximation' });
  }
  return out;
}

/** Words that gloss one name by another: "cash pile, meaning cash and cash equivalents", "term debt classified as non-current", "margin, meaning what was left …". */
const GLOSS =
  /(?:,\s*)?\b(?:meaning|i\.\s?e\.?|that\s+is|namely|in\s+other\s+words|(?:shown|reported|recorded|presented|classified|booked|listed|captioned|labell?ed)\s+as)\s*,?(?:\s*(?:what|which)\s+(?:was|is|were|are))?\s*$/i;

/**
 * Glosses: the words that say the measure after them is what the words before them mean ("NVIDIA's cash pile,
 * meaning cash and cash equivalents", "paid in advance, shown as current deferred revenue"). Claimed only
 * between two placed spans (or the asker's own words for the measure, which the gloss then names) with a
 * measure or its qualifier right after: the figure is the one named after the gloss.
 */
export function readGlosses(
  question: string,
  placed: { start: number; end: number; role: string; detail?: string }[],
  free: (start: number, end: number) => boolean,
  tokens: { start: number; end: number; lower: string }[],
  filler: (word: string) => boolean,
): DiscourseClaim[] {
  const out: DiscourseClaim[] = [];
  for (const p of placed) {
    if (p.role !== 'measure' && p.role !== 'qualifier') continue;
    const before = question.slice(Math.max(0, p.start - 40), p.start);
    const gloss = GLOSS.exec(before);
    if (!gloss) continue;
    const s = p.start - before.length + gloss.index;
    if (!free(s, p.start)) continue;
    // the asker's own words for the measure, right before the gloss ("cash pile"), up to four
    const own = tokens.filter((t) => t.end <= s && t.end > s - 40);
    let k = own.length - 1;
    let from = s;
    for (let n = 0; k >= 0 && n < 4; k--, n++) {
      const t = own[k];
      if (!t || !free(t.start, t.end) || filler(t.lower) || !/^[\s'’-]*$/.test(question.slice(t.end, from))) break;
      from = t.start;
    }
    const anchor = placed.find((x) => x.end <= from && /^[\s,'’s]*$/i.test(question.slice(x.end, from)));
    if (from === s && !anchor) continue;
    // "revenue, meaning net income": two different measures are no gloss of one another
    if (from === s && anchor?.role === 'measure' && p.role === 'measure' && anchor.detail !== p.detail) continue;
    out.push({ start: from, end: s + gloss[0].trimEnd().length, detail: from < s ? 'the asker’s name for the measure' : 'gloss' });
  }
  return out;
}
