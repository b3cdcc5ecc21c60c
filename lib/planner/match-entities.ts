/**
 * Entity mentions in a question, resolved through the tenant's EntityIndex (lookups, never a scan
 * of the catalog). Every mention carries the exact UTF-16 span of the words it used in the original
 * question, so the planner can mark them understood.
 */
import { extractPeriodPhrases } from '@/lib/fiscal';
import { normalizeAlias, tickerKey } from '@/lib/domain/names';
import { DERIVED_METRICS, METRICS } from '@/lib/ontology/metrics';
import type { CatalogEntity } from './catalog';
import { COMMON_WORDS, FUNCTION_WORDS } from './common-words';
import { exchangeKey, indexOf, tokenizeQuestion, type EntityIndex, type QuestionToken } from './entity-index';

export type MentionVia = 'alias' | 'ticker' | 'cik' | 'fuzzy' | 'code';

export interface EntityMention {
  /** the words as written: question.slice(start, end) */
  text: string;
  /** UTF-16 offsets into the original question, end exclusive */
  start: number;
  end: number;
  /** entities this mention can mean (several = ambiguous) */
  entityIds: string[];
  via: MentionVia;
  /** a lower-case ticker that is also an ordinary word ("snow", "key"): an entity only next to a measure or period */
  weak?: boolean;
  /** = start (kept for callers that order by it) */
  index: number;
}

export interface EntityMatch {
  mentions: EntityMention[];
  /** capitalised names that match nothing ("Acme Corp's revenue"), reported, never guessed */
  unknownNames: string[];
}

export interface Span {
  start: number;
  end: number;
}

export interface MatchEntitiesOptions {
  /**
   * Weak mentions: 'anchored' (default) keeps a weak mention only when a measure or period span
   * (`anchors`, else the ontology's measure words and lib/fiscal's period phrases) follows it
   * directly, or when it is listed with an accepted mention ("snow and tsla revenue"); 'all' returns
   * every weak mention flagged `weak: true` for the caller to judge.
   */
  weak?: 'anchored' | 'all';
  /** measure and period spans of the question (original offsets), when the caller has them */
  anchors?: Span[];
}

/** Edit distance counting an adjacent transposition as one edit (optimal string alignment). */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/** Words that look like names but are finance vocabulary, never company names. */
const NOT_NAMES = new Set(
  'what how report show give compare tell list was were is are the and vs versus for of in by from to as at end fiscal year quarter revenue revenues income margin growth total net gross operating cash assets equity diluted basic eps ttm fy q1 q2 q3 q4 h1 h2 cy calendar first second third fourth nine months ytd change research development spending expense sales earnings profit shareholders stockholders standalone consolidated trailing twelve last latest prior previous using use with which when between over inc ltd corp company'.split(
    ' ',
  ),
);

/** Legal forms written with a full stop ("Inc.", "Corp."): the stop belongs to the name. */
const ABBREVIATED_SUFFIX = new Set(['inc', 'corp', 'co', 'ltd', 'plc', 'llc', 'sa', 'ag', 'nv']);

// ── terminal and exchange codes ─────────────────────────────────────────────────────────────────
const TICKER_SRC = '[A-Za-z][A-Za-z0-9]{0,9}(?:[.\\-/][A-Za-z])?';
const EXCHANGE_SRC =
  'NASDAQ(?:GS|GM|CM)?|NYSE(?:\\s?ARCA|\\s?AMERICAN|\\s?MKT)?|AMEX|OTC(?:QX|QB|MKTS)?|CBOE|TSXV?|LSE|NSE|BSE|ASX|HKEX|SEHK|XETRA|ETR|EPA|LON|TYO|HKG|FRA|SIX';
/** Bloomberg exchange codes (composite US and listing venues, main foreign markets). */
const BBG_CODES = 'US|UW|UN|UQ|UA|UR|UP|UV|LN|CN|CT|JP|JT|IN|IB|IS|GR|GY|FP|HK|AU|AT|SW|SE|NA|IM|SM|KS|TT|SP|BZ';
/** Reuters RIC suffixes. */
const RIC_CODES = 'OQ|O|N|K|A|P|PK|L|TO|V|T|HK|NS|BO|DE|PA|AS|MI|MC|SW|AX|SS|SZ|KS|TW|SI|SA';
/** FactSet region suffixes. */
const FACTSET_CODES = 'US|GB|CA|JP|IN|DE|FR|HK|AU|CH|NL|SE|IT|ES|KR|TW|SG|BR';

interface CodeRule {
  re: RegExp;
  /** capture group with the ticker, with the exchange (optional) */
  ticker: number;
  exchange?: number;
  /** the whole match may itself be a share-class ticker ("BRK.A" before the RIC reading) */
  wholeMayBeTicker?: boolean;
}

const CODE_RULES: CodeRule[] = [
  // NYSE: SNOW, NASDAQ:TSLA, (Nasdaq: NVDA)
  { re: new RegExp(`(?<![A-Za-z0-9])(${EXCHANGE_SRC})\\s*:\\s*(${TICKER_SRC})(?![A-Za-z0-9])`, 'gi'), exchange: 1, ticker: 2 },
  // AAPL US Equity, TSLA UW Equity, aapl us equity
  { re: new RegExp(`(?<![A-Za-z0-9$])(${TICKER_SRC})\\s+(?:${BBG_CODES})\\s+Equity(?![A-Za-z0-9])`, 'gi'), ticker: 1 },
  // TSLA UW, AAPL UQ (upper case only without "Equity"); "AAPL US" needs "Equity": "NVDA US revenue" is NVIDIA's US revenue
  { re: /(?<![A-Za-z0-9$])([A-Z][A-Z0-9]{0,9}(?:[.\-/][A-Z])?)\s+(?:UW|UN|UQ)(?![A-Za-z0-9])/g, ticker: 1 },
  // TSLA.O, AAPL.OQ, INFY.NS
  {
    re: new RegExp(`(?<![A-Za-z0-9$])([A-Za-z][A-Za-z0-9]{0,9})\\.(?:${RIC_CODES})(?![A-Za-z0-9])`, 'g'),
    ticker: 1,
    wholeMayBeTicker: true,
  },
  // SNOW-US
  {
    re: new RegExp(`(?<![A-Za-z0-9$])([A-Za-z][A-Za-z0-9]{0,9})-(?:${FACTSET_CODES})(?![A-Za-z0-9])`, 'g'),
    ticker: 1,
    wholeMayBeTicker: true,
  },
];

/** $NVDA, $nvda, $BRK.B */
const CASHTAG = /(?<![A-Za-z0-9$])\$([A-Za-z][A-Za-z0-9]{0,9}(?:[.\-/][A-Za-z])?)(?![A-Za-z0-9])/g;
/** a bare ticker-shaped word; not the "s" of a possessive */
const TICKER_WORD = /(?<![A-Za-z0-9$'’&])([A-Za-z][A-Za-z0-9]{0,5}(?:[.\-/][A-Za-z])?)(?![A-Za-z0-9&])/g;
const CIK_RE = /(?<![A-Za-z0-9])CIK\s*[:#]?\s*(\d{1,10})(?!\d)|(?<![\d.,$])(\d{6,10})(?![\d.,]*\d)/gi;

/**
 * Finds entity mentions: alias phrases (longest first, whole words, legal forms and a possessive
 * included in the span), exchange and terminal codes, tickers in any case (an ordinary word only
 * weakly), CIK numbers, and near-misses of names (one edit for 5–7 letters, two for longer).
 */
export function matchEntities(question: string, source: EntityIndex | CatalogEntity[], opts: MatchEntitiesOptions = {}): EntityMatch {
  const idx = indexOf(source);
  const consumed: Span[] = [];
  const free = (s: number, e: number) => consumed.every((c) => e <= c.start || s >= c.end);
  const mentions: EntityMention[] = [];
  const push = (start: number, end: number, entityIds: string[], via: MentionVia, weak = false) => {
    consumed.push({ start, end });
    const m: EntityMention = { text: question.slice(start, end), start, end, entityIds: [...entityIds], via, index: start };
    if (weak) m.weak = true;
    mentions.push(m);
  };
  const tokens = tokenizeQuestion(question);

  // 1. exchange and terminal codes, cashtags: explicit about being tickers
  const tickerIds = (t: string, exchange?: string): string[] | null => {
    const key = tickerKey(t);
    if (exchange) {
      const listed = idx.listings.get(`${exchangeKey(exchange)}:${key}`);
      if (listed?.length) return listed;
    }
    const ids = idx.tickers.get(key);
    return ids?.length ? ids : null;
  };
  for (const rule of CODE_RULES) {
    rule.re.lastIndex = 0;
    for (const m of question.matchAll(rule.re)) {
      const s = m.index!;
      let e = s + m[0].length;
      if (!free(s, e)) continue;
      if (rule.wholeMayBeTicker && tickerIds(m[0])) continue; // "BRK.A" is a share class, read below
      const ids = tickerIds(m[rule.ticker]!, rule.exchange ? m[rule.exchange] : undefined);
      if (!ids) continue;
      e = possessive(question, e);
      push(s, e, ids, 'code');
    }
  }
  for (const m of question.matchAll(CASHTAG)) {
    const s = m.index!;
    const e = possessive(question, s + m[0].length);
    const ids = tickerIds(m[1]!);
    if (ids && free(s, e)) push(s, e, ids, 'ticker');
  }

  // 2. CIK numbers
  for (const m of question.matchAll(CIK_RE)) {
    const digits = (m[1] ?? m[2])!.replace(/^0+/, '') || '0';
    const ids = idx.ciks.get(digits);
    const s = m.index!;
    const e = s + m[0].length;
    if (ids?.length && free(s, e)) push(s, e, ids, 'cik');
  }

  // 3. alias phrases over the question's tokens (legal forms skipped), longest first
  const words = tokens.filter((t) => !t.suffix);
  const found: { from: number; len: number; ids: string[] }[] = [];
  for (let i = 0; i < words.length; i++) {
    for (const p of idx.phrases.get(words[i]!.norm) ?? []) {
      if (i + p.tokens.length > words.length) continue;
      let ok = true;
      for (let k = 1; k < p.tokens.length && ok; k++) ok = words[i + k]!.norm === p.tokens[k];
      if (ok) found.push({ from: i, len: p.tokens.length, ids: p.entityIds });
    }
  }
  found.sort((a, b) => b.len - a.len || a.from - b.from);
  for (const f of found) {
    const first = words[f.from]!;
    const last = words[f.from + f.len - 1]!;
    const s = first.start;
    const e = extendName(question, tokens, last);
    if (free(s, e)) push(s, e, f.ids, 'alias');
  }

  // 4. tickers written as plain words, any case; ordinary words only weakly
  const mostlyUpper = isMostlyUpper(question);
  for (const m of question.matchAll(TICKER_WORD)) {
    const s = m.index!;
    const written = m[1]!;
    const ids = idx.tickers.get(tickerKey(written));
    if (!ids?.length) continue;
    const e = possessive(question, s + written.length);
    if (!free(s, e)) continue;
    push(s, e, ids, 'ticker', isWeakTicker(written, mostlyUpper));
  }

  // 5. near-misses of a name's distinctive first word, on words no other rule used; the rest of that
  // name written after it belongs to the mention ("Marvel Technology" is Marvell Technology, one name)
  for (let i = 0; i < words.length; i++) {
    const t = words[i]!;
    if (t.norm.length < 5 || !/^[a-z][a-z0-9&]*$/.test(t.norm) || NOT_NAMES.has(t.norm) || COMMON_WORDS.has(t.norm)) continue;
    let e = t.possessiveEnd ?? t.end;
    if (!free(t.start, e)) continue;
    const close = new Set<string>();
    const near = idx.nearWords(t.norm, levenshtein);
    for (const w of near) for (const id of w.entityIds) close.add(id);
    if (!close.size) continue;
    if (!t.possessiveEnd) {
      let longest = 0;
      for (const id of close) {
        for (const a of idx.byId(id)?.aliases ?? []) {
          const parts = a.normalized.split(' ');
          if (parts.length < 2 || !near.some((w) => w.word === parts[0]) || i + parts.length > words.length) continue;
          if (parts.slice(1).every((p, k) => words[i + 1 + k]!.norm === p)) longest = Math.max(longest, parts.length - 1);
        }
      }
      if (longest > 0) {
        const last = words[i + longest]!;
        if (free(t.start, last.possessiveEnd ?? last.end)) e = last.possessiveEnd ?? last.end;
      }
    }
    push(t.start, e, [...close], 'fuzzy');
  }

  // 6. a name written in capitals as the first letters of each of its words ("AMEX" for American Express): only
  // where nothing else names a company, and only when exactly one company's name is clipped that way
  if (mentions.length === 0) {
    for (const t of words) {
      const written = question.slice(t.start, t.end);
      if (!/^[A-Z]{4,8}$/.test(written) || !free(t.start, t.possessiveEnd ?? t.end)) continue;
      const ids = idx.entities.filter((e) => isClippedName(t.norm, normalizeAlias(e.name).split(' '))).map((e) => e.id);
      if (ids.length === 1) push(t.start, t.possessiveEnd ?? t.end, ids, 'alias');
    }
  }

  mentions.sort((a, b) => a.start - b.start);
  const kept = opts.weak === 'all' ? mentions : anchorWeakMentions(question, mentions, opts.anchors ?? defaultAnchors(question, mentions));

  // capitalised names that match nothing ("Acme Corp's revenue") are reported, never guessed
  const unknownNames: string[] = [];
  if (!kept.some((m) => !m.weak)) {
    // a name may open with one lower-case letter before a capital ("iPhone", "eBay")
    for (const m of question.matchAll(/(?:^|[\s(])((?:[A-Z]|[a-z][A-Z])[\w&.-]*(?:\s+[A-Z][\w&.-]*)*)(?:['’]s)?/g)) {
      // a sentence-initial question word is not part of a name ("Report Initech's …")
      const name = m[1]!.replace(/[.,]+$/, '').replace(/^(What|How|Report|Show|Give|Compare|Tell|List|Which|When|Was|Is|Did|Does)\s+/, '');
      const first = normalizeAlias(name).split(' ')[0] ?? '';
      // a capitalised function word opening a sentence ("… FY2022? If restructuring costs are …") is grammar, not a name
      if (!name.includes(' ') && FUNCTION_WORDS.has(name.toLowerCase())) continue;
      if (!first || NOT_NAMES.has(first) || /^(FY|Q[1-4]|H[12]|CY|TTM|LTM|EPS|R&D|SG&A)\d*$/i.test(name)) continue;
      unknownNames.push(name);
    }
  }
  return { mentions: kept, unknownNames: [...new Set(unknownNames)] };
}

/** End of a name: legal forms after it (", Inc."), their full stop, and a possessive. */
function extendName(question: string, tokens: QuestionToken[], last: QuestionToken): number {
  let at = tokens.indexOf(last);
  let tok = last;
  while (at + 1 < tokens.length) {
    let next = tokens[at + 1]!;
    // "JPMorgan Chase & Co.": the ampersand of a legal form belongs to the name
    const afterAmp = tokens[at + 2];
    if (next.norm === '&' && afterAmp?.suffix && afterAmp.norm !== 'the' && /^\s*$/.test(question.slice(next.end, afterAmp.start))) {
      at++;
      next = afterAmp;
    }
    if (!next.suffix || next.norm === 'the' || tok.possessiveEnd !== null) break;
    if (!/^[\s,]*&?[\s,]*$/.test(question.slice(tok.end, next.start))) break;
    at++;
    tok = next;
  }
  let e = tok.end;
  if (tok !== last && ABBREVIATED_SUFFIX.has(tok.norm) && question[e] === '.') e++;
  return tok.possessiveEnd ?? possessive(question, e);
}

/** Includes a possessive `'s` (or `’s`) written right after `end`. */
function possessive(question: string, end: number): number {
  return /^['’][sS](?![A-Za-z0-9])/.test(question.slice(end, end + 3)) ? end + 2 : end;
}

function isMostlyUpper(question: string): boolean {
  const letters = question.replace(/[^A-Za-z]/g, '');
  return letters.length >= 8 && letters.replace(/[^A-Z]/g, '').length / letters.length > 0.7;
}

/**
 * A ticker written as a plain word is weak when it is an ordinary word: in lower or mixed case
 * ("snow", "Snow"); in capitals only when it has one or two letters ("IT", "ON") or the whole
 * question is in capitals. Single letters are always weak.
 */
export function isWeakTicker(written: string, questionMostlyUpper = false): boolean {
  const key = tickerKey(written);
  if (key.length === 1) return true;
  const word = written.toLowerCase();
  if (!COMMON_WORDS.has(word)) return false;
  const upper = written === written.toUpperCase();
  if (!upper) return true;
  return key.length <= 2 || questionMostlyUpper;
}

// ── weak mentions ───────────────────────────────────────────────────────────────────────────────

let measureRe: RegExp | null = null;
/** Measure words of the ontology (labels and synonyms), longest first. */
function measurePattern(): RegExp {
  if (!measureRe) {
    const phrases = new Set<string>();
    for (const m of [...METRICS, ...DERIVED_METRICS]) for (const p of [m.label, ...m.synonyms]) phrases.add(p.toLowerCase());
    const alts = [...phrases]
      .sort((a, b) => b.length - a.length)
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[\\s-]+'));
    measureRe = new RegExp(`(?<![A-Za-z0-9])(?:${alts.join('|')})(?![A-Za-z0-9])`, 'gi');
  }
  return measureRe;
}

/** Measure and period spans of a question (ontology words, lib/fiscal period phrases). */
export function measureAndPeriodSpans(question: string): Span[] {
  const spans: Span[] = [];
  for (const m of question.matchAll(measurePattern())) spans.push({ start: m.index!, end: m.index! + m[0].length });
  for (const p of extractPeriodPhrases(question)) spans.push({ start: p.start, end: p.end });
  return spans;
}

function defaultAnchors(question: string, mentions: EntityMention[]): Span[] {
  return mentions.some((m) => m.weak) ? measureAndPeriodSpans(question) : [];
}

const LIST_GAP = /^\s*(?:,|&|\/|and|or|vs\.?|versus|against|compared (?:to|with))\s*$/i;
const ANCHOR_GAP = /^[\s,:;()\-–—]*$/;

/**
 * Keeps a weak mention only when a measure or period span follows it directly ("snow revenue",
 * "snow's FY2024 revenue") or when it is listed next to an accepted mention ("snow and tsla
 * revenue"); never a function word or measure adjective ("on", "it", "all", "now", "key", "low"),
 * nor a word inside a measure or period span. Strong mentions pass unchanged.
 */
export function anchorWeakMentions(question: string, mentions: EntityMention[], anchors: Span[]): EntityMention[] {
  const accepted = new Set(mentions.filter((m) => !m.weak));
  const candidates = mentions.filter(
    (m) =>
      m.weak &&
      !FUNCTION_WORDS.has(
        question
          .slice(m.start, m.end)
          .replace(/['’]s$/i, '')
          .toLowerCase(),
      ) &&
      // a word inside a measure or period ("net" of "net income") is that measure's
      !anchors.some((a) => a.start < m.end && m.start < a.end),
  );
  for (const m of candidates) {
    if (anchors.some((a) => a.start >= m.end && ANCHOR_GAP.test(question.slice(m.end, a.start)))) accepted.add(m);
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const m of candidates) {
      if (accepted.has(m)) continue;
      const listed = [...accepted].some((o) =>
        o.start >= m.end
          ? LIST_GAP.test(question.slice(m.end, o.start))
          : o.end <= m.start && LIST_GAP.test(question.slice(o.end, m.start)),
      );
      if (listed) {
        accepted.add(m);
        changed = true;
      }
    }
  }
  return mentions.filter((m) => accepted.has(m));
}

/**
 * Whether a word is a name of two or more words clipped to the first letters of each, in order, each part at
 * least two letters ("amex" of "american express"); a one-word name is never clipped (a prefix is no name).
 */
export function isClippedName(word: string, nameWords: string[]): boolean {
  if (nameWords.length < 2 || nameWords.some((w) => !/^[a-z]+$/.test(w))) return false;
  const covers = (rest: string, i: number): boolean => {
    if (i === nameWords.length) return rest.length === 0;
    const w = nameWords[i] ?? '';
    for (let n = Math.min(w.length, rest.length); n >= 2; n--)
      if (w.startsWith(rest.slice(0, n)) && covers(rest.slice(n), i + 1)) return true;
    return false;
  };
  return covers(word, 0);
}
