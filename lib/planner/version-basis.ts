/**
 * Which version of a figure a question asks for (the restatement basis), read from its words:
 * - "as originally / first reported", "as first published", "as reported at the time", "unrestated" → original
 * - "as restated", "restated" → latest, and the chain must show a restatement (else the answer says none exists)
 * - "split-adjusted", "adjusted for the split", "post-split" → latest, and the chain must show a split adjustment
 * - "pre-split", "before the split" → the version just before the chain's split adjustment
 *   ("as originally reported (pre-split)": the original, which a split adjustment must follow)
 * - "as reported on / as of <date>" → what was filed by that date
 * - a named filing: "as reported in the 2021 10-K", "in its 10-K for 2021", "per the FY2025 10-K",
 *   "in the 2023 20-F", "according to the Q2 FY2025 10-Q", "in the latest annual report" → the value that
 *   filing reported. The filing is named by form and the fiscal year (or quarter) of its own reporting
 *   period; it is found among the entity's filings at execution. The filing phrase names the version, not
 *   the period — unless the question names no other period, then it is the filing's own period.
 * Two version words that disagree ("as originally reported, restated") are asked back, never picked.
 */
import type { Basis, FilingForm, FilingName } from '@/lib/domain/types';
import { monthNumber, parseDateText, type PeriodPhrase, type PeriodSpec } from '@/lib/fiscal';

export interface VersionBasisReading {
  basis: Basis;
  /** the words that name the version (claimed as `basis` in the span map) */
  claims: { start: number; end: number; detail: string }[];
  /** ranges that are not period phrases (a basis date, a named filing): blanked before periods are read */
  hidden: [number, number][];
  /** the named filing's own reporting period, for a question that names no other period */
  filingPeriod: PeriodPhrase | null;
  /** version words that cannot be read together, or a filing that cannot be named this way: asked back */
  clarification: { question: string; options: string[]; rewrites?: (string | null)[] } | null;
  /**
   * two versions asked side by side ("originally reported vs restated", "what did it originally
   * report, and what is it now?"): the earlier first; `basis` is the first
   */
  versions: Basis[] | null;
}

type Word = 'original' | 'latest' | 'restated' | 'split' | 'pre_split' | 'now';

/** Version words, each with the version it names. Longer phrasings first (a match hides its words from later ones). */
const WORDS: { re: RegExp; word: Word }[] = [
  { re: /\b(?:as\s+)?(?:reported|published|filed|stated|disclosed)\s+(?:at\s+the\s+time|back\s+then|then)\b/gi, word: 'original' },
  { re: /\bat\s+the\s+time\s+of\s+(?:filing|reporting|publication)\b/gi, word: 'original' },
  {
    re: /\b(?:as\s+)?(?:originally|initially|first)\s+(?:report(?:ed|s)?|publish(?:ed|es)?|file[ds]?|stated|disclosed|presented)\b/gi,
    word: 'original',
  },
  // "…, and what is it now?", "originally reported vs now": the latest version, beside another
  { re: /\b(?:and\s+)?what\s+(?:is|'s|’s)\s+it\s+now\b|\b(?:vs\.?|versus|and|compared\s+(?:with|to))\s+(?:now|today)\b/gi, word: 'now' },
  { re: /\boriginal(?:ly)?\s+(?:figure|value|basis|filing|version|report(?:ing)?|print)\b/gi, word: 'original' },
  { re: /\b(?:un-?restated|before\s+(?:any\s+|the\s+)?restatements?|pre-?restatement)\b/gi, word: 'original' },
  { re: /\b(?:as\s+)?(?:latest|most\s+recently|last)\s+restated\b/gi, word: 'restated' },
  { re: /\b(?:as\s+)?(?:latest|most\s+recently|last)\s+(?:reported|filed)\b/gi, word: 'latest' },
  {
    re: /\b(?:on\s+an?\s+)?(?:un-?adjusted\s+for\s+(?:the\s+|any\s+)?(?:(?:stock|share)\s+)?splits?|not\s+(?:split-?\s*)?adjusted\s+for\s+(?:the\s+|any\s+)?(?:(?:stock|share)\s+)?splits?|split-?unadjusted)(?:\s+basis)?\b/gi,
    word: 'pre_split',
  },
  {
    re: /\b(?:on\s+an?\s+)?(?:pre-?\s?split|before\s+the\s+(?:(?:stock|share)\s+)?split|prior\s+to\s+the\s+(?:(?:stock|share)\s+)?split)(?:\s+basis)?\b/gi,
    word: 'pre_split',
  },
  {
    re: /\b(?:on\s+an?\s+)?(?:split[-\s]adjusted|adjusted\s+for\s+(?:the\s+|all\s+|any\s+)?(?:(?:stock|share)\s+)?splits?|post-?\s?split|after\s+the\s+(?:(?:stock|share)\s+)?split)(?:\s+basis)?\b/gi,
    word: 'split',
  },
  {
    re: /\b(?:on\s+an?\s+)?(?:as\s+)?restated(?:\s+(?:figure|value|basis|version|number))?\b|\bafter\s+(?:the\s+)?restatement\b|\bpost-?restatement\b/gi,
    word: 'restated',
  },
];

const AS_OF = /\bas\s+(?:known|reported|filed)\s+(?:on|as\s+of|at|by)\s+(.+?)(?=[?.,;)]|$)/i;

// ── named filings ──────────────────────────────────────────────────────────────────────────────
/** A filing's form code as analysts write it ("10-K", "form 10Q", "20-F/A"): the cover and bare-form readers' one spelling. */
export const FORM_CODE = String.raw`(?:form\s+)?(?:10-?K|10-?Q|20-?F|40-?F)(?:\/A)?`;
const FORM = String.raw`(?:form\s+)?(10-?K(?:\/A)?|10-?Q(?:\/A)?|20-?F(?:\/A)?|40-?F|annual\s+(?:report|filing)|quarterly\s+(?:report|filing))s?(?:\s+(?:filings?|reports?)\b)?`;
const YEAR = String.raw`(?:fiscal\s+(?:year\s+)?(\d{4})|FY\s?'?(\d{4}|\d{2})|(\d{4}))`;
const QUARTER = String.raw`(?:Q([1-4])|([1-4])Q|(first|second|third|fourth)[-\s]quarter)`;
const WHO = String.raw`(?:(?:the|its|their|this|that)\s+|[\w.&-]+['’]s\s+)?`;
const LEAD = String.raw`(?:(?:as\s+)?(?:originally\s+|first\s+|initially\s+)?(?:reported|filed|published|stated|disclosed|presented|shown|given)\s+(?:in|by)|(?:as\s+)?restated\s+(?:in|by)|per|according\s+to|from|in|under)\s+`;
/** a filing phrase starts at a word ("stated in" inside "restated in" is not a lead of its own) */
const START = String.raw`(?<![\w'’-])`;
/** "the 2021 10-K", "its FY2025 10-K", "the Q2 FY2025 10-Q" */
const YEAR_FORM = new RegExp(String.raw`${START}(${LEAD})?${WHO}(?:${QUARTER}\s+(?:of\s+)?)?${YEAR}\s+${FORM}(?![\w-])`, 'gi');
/** "its 10-K for 2021", "the 10-Q for Q2 FY2025", "the 20-F for fiscal year 2023" */
const FORM_FOR = new RegExp(
  String.raw`${START}(${LEAD})?${WHO}${FORM}\s+for\s+(?:the\s+)?(?:${QUARTER}\s+(?:of\s+)?)?(?:(?:fiscal\s+)?year\s+)?${YEAR}(?![\w-])`,
  'gi',
);
/** "in its 10-K", "per the 20-F": a filing named by its form alone (which one is asked back) */
const BARE_FORM = new RegExp(String.raw`${START}(${LEAD})${WHO}${FORM}(?![\w-])`, 'gi');
/** "the latest 10-K", "its most recent annual report" */
const LATEST_FORM = new RegExp(
  String.raw`${START}(${LEAD})?${WHO}(?:latest|most\s+recent|last|newest)\s+(?:filed\s+)?${FORM}(?![\w-])`,
  'gi',
);

/** A filing held, with the day it was filed and the period it reports as its own (null when not known). */
export interface HeldFiling {
  form: string;
  filedAt: string;
  fiscalYear: number | null;
  quarter: 'Q1' | 'Q2' | 'Q3' | 'Q4' | null;
}
/** The filings of one form held for each company of the question, with their filing days; null when not known. */
export type HeldFilingDays = (form: FilingForm) => readonly (readonly HeldFiling[])[] | null;

const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
/** a day ("1 November 2024", "Nov 1, 2024", "2024-11-01") or a month ("February 2025", "Aug 2025") */
const FILED_WHEN = String.raw`(\d{4}-\d{2}-\d{2}|\d{1,2}(?:st|nd|rd|th)?\s+${MONTH},?\s+\d{4}|${MONTH}\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}|(${MONTH})\s+(?:of\s+)?(\d{4}))`;
/** "the 10-K filed on 1 November 2024", "the 10-K it filed in February 2025", "its 10-Q filed Aug 2025" */
const FILED_FORM = new RegExp(
  String.raw`${START}(${LEAD})?${WHO}${FORM}\s+(?:(?:that|which)\s+)?(?:(?:it|they|the\s+company)\s+)?(?:was\s+|were\s+)?filed\s+(?:on\s+|in\s+|during\s+)?${FILED_WHEN}(?![\w-])`,
  'gi',
);

/** True when the question names a filing by the day or month it was filed (its filing days are then loaded). */
export function namesFiledForm(question: string): boolean {
  return new RegExp(FILED_FORM.source, 'i').test(question);
}

function formOf(raw: string): FilingForm {
  const t = raw.toUpperCase().replace(/\s+/g, ' ');
  if (t.startsWith('ANNUAL')) return 'annual';
  if (t.startsWith('QUARTERLY')) return '10-Q';
  const m = /^(\d\d)-?([KQF])(\/A)?$/.exec(t)!;
  return `${m[1]}-${m[2]}${m[3] ?? ''}` as FilingForm;
}

function yearOf(a: string | undefined, b: string | undefined, c: string | undefined): number {
  const y = a ?? b ?? c!;
  return y.length === 2 ? 2000 + Number(y) : Number(y);
}

function quarterOf(a: string | undefined, b: string | undefined, c: string | undefined): 'Q1' | 'Q2' | 'Q3' | 'Q4' | null {
  if (a ?? b) return `Q${a ?? b}` as 'Q1';
  if (!c) return null;
  return (['Q1', 'Q2', 'Q3', 'Q4'] as const)[['first', 'second', 'third', 'fourth'].indexOf(c.toLowerCase())]!;
}

interface NamedFiling {
  start: number;
  end: number;
  /** where the filing's name starts (after "as reported in") */
  nameStart: number;
  name: FilingName;
  /** "as restated in the FY2025 10-K": the filing's value must be a restatement */
  restated: boolean;
  /** a filing that cannot be named this way ("the FY2025 10-Q": which quarter?) */
  problem: string | null;
  /** the filings the problem offers instead, each with the question rewritten to name it */
  offers?: { options: string[]; rewrites: string[] };
}

function filingsIn(question: string): NamedFiling[] {
  const out: NamedFiling[] = [];
  const add = (m: RegExpMatchArray, form: string, year: number | 'latest', quarter: 'Q1' | 'Q2' | 'Q3' | 'Q4' | null) => {
    const start = m.index!;
    const end = start + m[0].length;
    if (out.some((o) => start < o.end && o.start < end)) return;
    const f = formOf(form);
    const quarterly = f.startsWith('10-Q');
    const text = question.slice(start + (m[1]?.length ?? 0), end).trim();
    let problem: string | null = null;
    if (quarterly && year !== 'latest' && quarter === null) problem = `Which ${f} of fiscal ${year} do you mean: the one for Q1, Q2 or Q3?`;
    else if (quarterly && quarter === 'Q4')
      problem = `A fourth quarter is reported in the annual report, not in a ${f}. Do you mean the FY${year} 10-K?`;
    else if (!quarterly && quarter !== null) problem = `“${text}” names a quarter and an annual filing. Which filing do you mean?`;
    out.push({
      start,
      end,
      nameStart: start + (m[1]?.length ?? 0),
      name: { form: f, fiscalYear: year, fiscalPeriod: quarterly && quarter && quarter !== 'Q4' ? quarter : 'FY', text },
      restated: /restated/i.test(m[1] ?? ''),
      problem,
    });
  };
  for (const m of question.matchAll(YEAR_FORM)) add(m, m[8]!, yearOf(m[5], m[6], m[7]), quarterOf(m[2], m[3], m[4]));
  for (const m of question.matchAll(FORM_FOR)) add(m, m[2]!, yearOf(m[6], m[7], m[8]), quarterOf(m[3], m[4], m[5]));
  for (const m of question.matchAll(LATEST_FORM)) add(m, m[2]!, 'latest', null);
  return out.sort((a, b) => a.start - b.start);
}

/** A held filing's name as a question writes it ("the FY2024 10-K"), or by its filing day when its period is not known. */
function heldName(f: HeldFiling): string {
  return f.fiscalYear === null ? `the ${f.form} filed ${f.filedAt}` : filingNameText(f.form, f.fiscalYear, f.quarter);
}

/**
 * "The 10-K filed on 1 November 2024", "the 10-Q it filed in August 2025": the filing of that form each company filed
 * that day (or in that month), named as its own period names it. None filed then, or two in that month, is asked
 * back naming the ones held — never a nearby filing instead; unknown holdings ask which filing, as a bare form does.
 */
function filedFilingsIn(question: string, days: HeldFilingDays | undefined): NamedFiling[] {
  const out: NamedFiling[] = [];
  for (const m of question.matchAll(FILED_FORM)) {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    const nameStart = start + (m[1]?.length ?? 0);
    const form = formOf(m[2] ?? '');
    const when = (m[3] ?? '').trim();
    const month = m[4] && m[5] ? `${m[5]}-${String(monthNumber(m[4]) ?? 0).padStart(2, '0')}` : null;
    const day = month ? null : parseDateText(when.replace(/(\d)(?:st|nd|rd|th)\b/i, '$1').replace(/\./g, ''));
    const text = question.slice(nameStart, end).trim();
    const words = form === 'annual' ? 'annual report' : form;
    const quarterly = form.startsWith('10-Q');
    const filing = (problem: string | null, held?: HeldFiling, offers?: HeldFiling[]): NamedFiling => ({
      start,
      end,
      nameStart,
      name: {
        form,
        fiscalYear: held?.fiscalYear ?? 'latest',
        fiscalPeriod: quarterly && held?.quarter && held.quarter !== 'Q4' ? held.quarter : 'FY',
        text: held ? `${heldName(held)} (filed ${held.filedAt})` : text,
      },
      restated: /restated/i.test(m[1] ?? ''),
      problem,
      ...(offers?.length
        ? {
            offers: {
              options: offers.map(heldName),
              rewrites: offers.map((o) => question.slice(0, nameStart) + heldName(o) + question.slice(end)),
            },
          }
        : {}),
    });
    const perEntity = days?.(form) ?? null;
    if (!day && !month) {
      out.push(filing(`I could not read “${when}” as the day or month “${text}” was filed. Which ${words} do you mean?`));
      continue;
    }
    if (!perEntity || perEntity.length === 0) {
      out.push(filing(`Which ${words} do you mean by “${text}”? Name it by the fiscal ${quarterly ? 'quarter' : 'year'} it reports.`));
      continue;
    }
    const found = perEntity.map((list) => list.filter((f) => (day ? f.filedAt === day : f.filedAt.startsWith(month ?? '-'))));
    const held = perEntity.flat().filter((f) => f.fiscalYear !== null);
    const byDay = (a: HeldFiling, b: HeldFiling) => (a.filedAt < b.filedAt ? 1 : a.filedAt > b.filedAt ? -1 : 0);
    if (found.some((list) => list.length === 0)) {
      const listed = [...held].sort(byDay).slice(0, MAX_NAMED);
      const said = listed.map((f) => `${heldName(f)} (filed ${f.filedAt})`).join(', ');
      out.push(
        filing(
          `No ${words} among its filings was filed ${day ? 'on' : 'in'} ${when}${said ? `; it holds ${said}` : ''}. Which one do you mean?`,
          undefined,
          listed,
        ),
      );
      continue;
    }
    const picked = found.flat();
    if (found.some((list) => list.length > 1) || picked.some((f) => f.fiscalYear === null) || new Set(picked.map(heldName)).size > 1) {
      const said = picked.map((f) => `${heldName(f)} (filed ${f.filedAt})`).join(' and ');
      out.push(filing(`More than one ${words} was filed ${day ? 'on' : 'in'} ${when}: ${said}. Which one do you mean?`, undefined, picked));
      continue;
    }
    out.push(filing(null, picked[0]));
  }
  return out;
}

/** The period a named filing reports as its own: its fiscal year, or its quarter for a 10-Q. */
function ownPeriod(f: NamedFiling, question: string): PeriodPhrase {
  const { form, fiscalYear, fiscalPeriod } = f.name;
  const quarterly = form.startsWith('10-Q');
  const spec: PeriodSpec =
    fiscalYear === 'latest'
      ? { type: 'filing', form: quarterly ? '10-Q' : 'annual', which: 'latest' }
      : quarterly
        ? { type: 'fiscal', position: fiscalPeriod, year: { year: fiscalYear, style: 'fiscal' } }
        : { type: 'filing', form: 'annual', which: fiscalYear };
  return { text: question.slice(f.nameStart, f.end), start: f.nameStart, end: f.end, rule: 'named_filing', spec };
}

const LABEL: Record<Word, string> = {
  original: 'as originally reported',
  latest: 'as last reported',
  restated: 'as restated',
  split: 'split-adjusted',
  pre_split: 'pre-split',
  now: 'as last reported',
};

/**
 * The filings of one form held for each company of the question, named as a question names them ("the FY2024 20-F",
 * "the Q2 FY2025 10-Q"), newest first; null when the holdings are not known (the filing is then asked back).
 */
export type HeldFilingNames = (form: FilingForm) => readonly (readonly string[])[] | null;

/** A filing's name as a question writes it: its form with the fiscal year (or quarter) of its own period. */
export function filingNameText(form: string, fiscalYear: number, quarter: string | null): string {
  return form.startsWith('10-Q') && quarter ? `the ${quarter} FY${fiscalYear} ${form}` : `the FY${fiscalYear} ${form}`;
}

/** True when the question names a filing by its form alone ("per its 20-F"): the only reading that needs the filings held. */
export function namesBareForm(question: string): boolean {
  return new RegExp(BARE_FORM.source, 'i').test(question);
}

/** A filing named by the fiscal year or quarter of its own period (filingNameText). */
const NAMED_BY_PERIOD = /^the (?:Q[1-4] )?FY\d{4} /;

/** How many named filings an ask-back lists at most (newest first). */
const MAX_NAMED = 6;

/** The version basis a question names, with the words that name it. */
export function readVersionBasis(question: string, held?: HeldFilingNames, days?: HeldFilingDays): VersionBasisReading {
  const claims: VersionBasisReading['claims'] = [];
  const hidden: [number, number][] = [];
  const overlaps = (s: number, e: number) => claims.some((c) => s < c.end && c.start < e);
  const ask = (q: string, options: string[] = []): VersionBasisReading => ({
    basis: { kind: 'latest' },
    claims,
    hidden,
    filingPeriod: null,
    clarification: { question: q, options },
    versions: null,
  });

  // a named filing first: "as reported in the 2021 10-K" is one version, not "reported" + a period
  const filings = filingsIn(question);
  for (const f of filedFilingsIn(question, days)) if (!filings.some((o) => f.start < o.end && o.start < f.end)) filings.push(f);
  filings.sort((a, b) => a.start - b.start);
  for (const f of filings) {
    claims.push({ start: f.start, end: f.end, detail: `filing: ${f.name.text}` });
    hidden.push([f.start, f.end]);
  }

  const words = new Map<Word, string>();
  for (const { re, word } of WORDS) {
    for (const m of question.matchAll(re)) {
      const s = m.index!;
      const e = s + m[0].length;
      if (overlaps(s, e)) continue;
      claims.push({ start: s, end: e, detail: word });
      if (!words.has(word)) words.set(word, m[0].trim());
    }
  }

  // "as reported on 31 January 2024", "as known as of 2024-01-31": what was filed by then (a date that is
  // not one is left unplaced: asked back, never dropped)
  let asOf: { date: string; text: string } | null = null;
  const a = AS_OF.exec(question);
  if (a && !overlaps(a.index, a.index + a[0].length)) {
    const date = parseDateText(a[1]!);
    if (date) {
      asOf = { date, text: a[0].trim() };
      claims.push({ start: a.index, end: a.index + a[0].length, detail: `as of ${date}` });
      hidden.push([a.index, a.index + a[0].length]);
    }
  }

  const problem = filings.find((f) => f.problem);
  if (problem?.problem) {
    const asked = ask(problem.problem, problem.offers?.options);
    return problem.offers && asked.clarification
      ? { ...asked, clarification: { ...asked.clarification, rewrites: problem.offers.rewrites } }
      : asked;
  }
  // "Apple revenue FY2023 in its 10-K": its 10-K for FY2023, or its latest one? never guessed — unless the company
  // holds one filing of that form, which is then the one named; several held are asked back by their names
  for (const m of question.matchAll(BARE_FORM)) {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    if (overlaps(start, end)) continue;
    const form = formOf(m[2]!);
    const nameStart = start + (m[1]?.length ?? 0);
    const text = question.slice(nameStart, end).trim();
    const words = form === 'annual' ? 'annual report' : form;
    const quarterly = form.startsWith('10-Q');
    const perEntity = held?.(form) ?? null;
    if (perEntity && perEntity.length > 0 && perEntity.every((names) => names.length === 1)) {
      filings.push({
        start,
        end,
        nameStart,
        name: { form, fiscalYear: 'latest', fiscalPeriod: 'FY', text },
        restated: /restated/i.test(m[1] ?? ''),
        problem: null,
      });
      claims.push({ start, end, detail: `filing: ${text} (the only ${words} held)` });
      hidden.push([start, end]);
      continue;
    }
    const [names] = perEntity?.length === 1 ? perEntity : [];
    if (names && names.length > 1 && names.some((n) => NAMED_BY_PERIOD.test(n))) {
      // a filing named by its own period is offered; one whose period is not known is only counted
      const listed = names.filter((n) => NAMED_BY_PERIOD.test(n)).slice(0, MAX_NAMED);
      const asked = ask(
        `Which ${words} do you mean by “${text}”? It holds ${listed.join(', ')}${names.length > listed.length ? ` (${names.length} in all)` : ''}.`,
        listed,
      );
      const rewrites = listed.map((n) => question.slice(0, nameStart) + n + question.slice(end));
      return { ...asked, clarification: asked.clarification && { ...asked.clarification, rewrites } };
    }
    return ask(
      `Which ${words} do you mean by “${text}”? Name it by the fiscal ${quarterly ? 'quarter' : 'year'} it reports (e.g. “the ${quarterly ? 'Q2 FY2025' : 'FY2024'} ${words}”), or say “the latest ${words}”.`,
    );
  }
  const named: string[] = [...filings.map((f) => f.name.text), ...[...words.values()], ...(asOf ? [asOf.text] : [])];
  if (filings.length > 1) {
    const distinct = new Set(filings.map((f) => JSON.stringify({ ...f.name, text: '' })));
    if (distinct.size > 1)
      return ask(
        `This names ${filings.length} filings (${filings.map((f) => `“${f.name.text}”`).join(', ')}). Which one should the figure come from?`,
        filings.map((f) => f.name.text),
      );
  }

  // version words that agree combine; any others are asked back
  const has = (w: Word) => words.has(w);
  const conflict = () =>
    ask(`This names more than one version of the figure (${named.map((n) => `“${n}”`).join(', ')}). Which one do you want?`, named);
  if (filings.length > 0) {
    // "as originally reported in the 2021 10-K": the lead is part of the filing's phrase; other version words disagree
    if (words.size > 0 || asOf) return conflict();
    const f = filings[0]!;
    return {
      basis: { kind: 'filing', name: f.name, ...(f.restated ? { require: 'restatement' as const } : {}) },
      claims,
      hidden,
      filingPeriod: ownPeriod(f, question),
      clarification: null,
      versions: null,
    };
  }
  if (asOf) {
    if (words.size > 0) return conflict();
    return { basis: { kind: 'as_of', date: asOf.date }, claims, hidden, filingPeriod: null, clarification: null, versions: null };
  }
  // an earlier version (original, pre-split) and a later one (latest, restated, split-adjusted, now)
  const earlier: Basis | null = has('original')
    ? has('pre_split')
      ? { kind: 'original', require: 'split' }
      : { kind: 'original' }
    : has('pre_split')
      ? { kind: 'pre_split' }
      : null;
  const later: Basis | null = has('split')
    ? { kind: 'latest', require: 'split' }
    : has('restated')
      ? { kind: 'latest', require: 'restatement' }
      : has('latest') || has('now')
        ? { kind: 'latest' }
        : null;
  if (earlier && later) {
    // "originally reported vs restated", "what did it originally report, and what is it now?": both, side by side
    return sideBySide(question, claims)
      ? { basis: earlier, claims, hidden, filingPeriod: null, clarification: null, versions: [earlier, later] }
      : conflict();
  }
  return { basis: earlier ?? later ?? { kind: 'latest' }, claims, hidden, filingPeriod: null, clarification: null, versions: null };
}

/** Two version phrases joined as a comparison ("… vs …", "… and …", "…, and what is it now"). */
function sideBySide(question: string, claims: VersionBasisReading['claims']): boolean {
  const words = claims.filter((c) => !c.detail.startsWith('filing') && !c.detail.startsWith('as of')).sort((a, b) => a.start - b.start);
  for (let i = 1; i < words.length; i++) {
    const between = question.slice(words[i - 1]!.end, words[i]!.start);
    const next = question.slice(words[i]!.start, words[i]!.end);
    if (/\b(?:vs\.?|versus|and|compared\s+(?:with|to)|against)\b|[,;/]/i.test(between) || /^(?:and|vs\.?|versus)\b/i.test(next))
      return true;
  }
  return false;
}

/** How a basis reads in a clarification or a note ("as originally reported", "as reported in the 2021 10-K"). */
export function basisWords(basis: Basis): string {
  if (basis.kind === 'filing') return `as reported in ${basis.name.text}`;
  if (basis.kind === 'as_of') return `as filed by ${basis.date}`;
  if (basis.kind === 'pre_split') return LABEL.pre_split;
  if (basis.kind === 'original') return basis.require === 'split' ? 'as originally reported (pre-split)' : LABEL.original;
  return basis.require === 'split' ? LABEL.split : basis.require === 'restatement' ? LABEL.restated : LABEL.latest;
}

/** The question with `hidden` ranges blanked (same length, so offsets stay valid). */
export function withoutRanges(question: string, hidden: readonly [number, number][]): string {
  let q = question;
  for (const [s, e] of hidden) q = q.slice(0, s) + ' '.repeat(e - s) + q.slice(e);
  return q;
}

/** Two versions side by side are given for a figure of one company, not for a calculation or a comparison. */
export function versionsOnlyForValues(versions: readonly Basis[]): { question: string; options: string[] } {
  const words = versions.map(basisWords);
  return {
    question: `Two versions of a figure (${words.map((w) => `“${w}”`).join(' and ')}) are given side by side for one company's figure, not for a calculation or a comparison. Ask for one version, or for the figure alone.`,
    options: words,
  };
}
