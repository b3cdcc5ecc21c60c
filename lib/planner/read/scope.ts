/**
 * The scope reader: which version of a figure (lib/planner/version-basis: "as originally reported", "as
 * restated", "in the 2021 10-K"), which reporting entity ("consolidated", "standalone") and which basis of
 * accounting ("GAAP") the question names. Two version words that disagree are asked back.
 */
import { matchMetrics } from '../match-metric';
import {
  FORM_CODE,
  type HeldFilingDays,
  type HeldFilingNames,
  namesFiledForm,
  readVersionBasis,
  versionsOnlyForValues,
} from '../version-basis';
import type { Reader, Reading } from './types';

export const scopeReader: Reader = {
  name: 'scope',
  read(r) {
    const { question, spans, notes, entities } = r;
    const version = coverFormVersion(r) ?? readVersionBasis(question, heldNames(r), heldDays(r));
    if (version.clarification) return { status: 'needs_clarification', clarification: version.clarification, partial: { entities }, notes };
    r.version = version;
    for (const c of version.claims) spans.claim(c.start, c.end, 'basis', c.detail);
    // "the standalone quarter Q3": a discrete quarter (not the YTD), not a scope
    for (const m of question.matchAll(/\b(?:standalone|discrete|stand-alone)\s+(?:quarter|three[- ]months?|3[- ]months?|period)\b/gi))
      spans.claim(m.index!, m.index! + m[0].length, 'period', 'discrete quarter');
    // "consolidated net income" is a caption of its own (the line before noncontrolling interests), not a scope word
    for (const m of question.matchAll(/\b(consolidated|standalone)\b(?!\s+net\s+(?:income|earnings)\b)/gi))
      if (!spans.taken(m.index!, m.index! + m[0].length)) spans.claim(m.index!, m.index! + m[0].length, 'scope', m[1]!.toLowerCase());
    claimWholeCompany(r);
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

/**
 * "Across all of Alphabet", "for the whole of P&G", "company-wide", "across all its segments": the consolidated
 * total, which is what a figure without a member is. An aside right after it that only confirms what the total
 * holds ("(Google Cloud included)", "(including Other Bets)") is placed with it — never "excluding", which changes
 * the figure and stays unplaced.
 */
const WHOLE_OF = /\b(?:across|for|over|in)\s+(?:all\s+of|the\s+whole\s+of|the\s+entirety\s+of|the\s+entire|the\s+whole)\s*$/i;
const WHOLE_COMPANY =
  /\b(?:(?:across|for|over|in)\s+)?(?:the\s+)?(?:whole|entire)\s+(?:company|group|firm|enterprise|business)\b|\b(?:company|group|firm|enterprise)[- ]wide\b|\bacross\s+all\s+(?:of\s+)?(?:its|their|the)\s+(?:segments|businesses|divisions|units|operations|reportable\s+segments)\b/gi;
const INCLUDED_ASIDE = /^\s*[,(]?\s*\(\s*(?:(?:[^()]{1,60}?)\s+included|including\s+[^()]{1,60}?)\s*\)/i;

function claimWholeCompany(r: Reading): void {
  const { question, spans } = r;
  const wholes: [number, number, number][] = [];
  for (const e of r.entityAt) {
    const before = WHOLE_OF.exec(question.slice(Math.max(0, e.start - 40), e.start));
    if (before) wholes.push([e.start - before[0].length, e.start, e.end]);
  }
  for (const m of question.matchAll(WHOLE_COMPANY)) wholes.push([m.index ?? 0, (m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length]);
  for (const [s, e, after] of wholes) {
    if (spans.taken(s, e)) continue;
    spans.claim(s, e, 'scope', 'consolidated');
    const aside = INCLUDED_ASIDE.exec(question.slice(after));
    if (aside && !spans.taken(after, after + aside[0].length))
      spans.claim(after, after + aside[0].length, 'scope', 'consolidated (confirming aside)');
  }
}

/** The names of the filings of a form each company of the question holds, when the plan knows them. */
function heldNames(r: Reading): HeldFilingNames | undefined {
  const held = r.ctx.filings;
  if (!held || r.entities.length === 0) return undefined;
  return (form) => r.entities.map((e) => held[e.id]?.[form] ?? []);
}

/** The filings of a form each company of the question holds with their filing days, when the plan knows them. */
function heldDays(r: Reading): HeldFilingDays | undefined {
  const held = r.ctx.filedFilings;
  if (!held || r.entities.length === 0) return undefined;
  return (form) => r.entities.map((e) => held[e.id]?.[form] ?? []);
}

/** A cover page's words ("cover", "cover page", "front page"). */
const COVER_WORD = /\b(?:cover|front\s+page)\b/i;
/** A filing named by its form alone, with the words that lead to it ("per the 10-K", "according to its 20-F"). */
const BARE_FORM = new RegExp(
  String.raw`(?<![\w'’-])(?:(?:according\s+to|going\s+by|per|in|from|on)\s+)?(?:(?:the|its|their)\s+|[\w.&-]+['’]s\s+)?${FORM_CODE}(?![\w-])`,
  'gi',
);
/** A year or a date beside it: the cover date or the period that names which filing it is. */
const DATED = /\b(?:19|20)\d{2}\b|\b(?:FY|Q[1-4])\s?'?\d{2}\b/i;

/**
 * "Per the 10-K cover (as of July 31, 2025)", "shares outstanding as of the cover date of its 10-Q for the quarter ended
 * …": a filing named by its form alone beside a cover word and a date or period names the filing whose cover it is —
 * found at execution by that date. The version is read without the form's words; the ask-back is kept for a question
 * that turns out to ask no cover figure (the measure reader asks it then). Null: the version words as read.
 */
function coverFormVersion(r: Reading): ReturnType<typeof readVersionBasis> | null {
  const { question } = r;
  // a filing named by when it was filed is that filing, or asked back by the ones held: never a cover date
  if (!COVER_WORD.test(question) || namesFiledForm(question)) return null;
  const asked = readVersionBasis(question, heldNames(r), heldDays(r));
  if (!asked.clarification) return null;
  const forms = [...question.matchAll(BARE_FORM)];
  let blank = question;
  for (const f of forms) {
    const at = f.index ?? 0;
    blank = blank.slice(0, at) + ' '.repeat(f[0].length) + blank.slice(at + f[0].length);
  }
  if (forms.length === 0 || !DATED.test(blank)) return null;
  const version = readVersionBasis(blank);
  if (version.clarification) return null;
  r.coverForm = asked.clarification;
  return version;
}

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
