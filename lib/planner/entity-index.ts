/**
 * In-memory index of a tenant's entities for question understanding: built once per catalog version
 * (see loadEntityIndex in ./catalog), then every question is resolved by lookups — alias phrases by
 * their first token, tickers and listings by key, CIKs by number, near-misses through a trigram
 * index — never by a scan of the catalog. Cost per question depends on the question, not on the
 * number of companies.
 */
import { foldText, LEGAL_SUFFIXES, normalizeAlias, tickerKey } from '@/lib/domain/names';
import type { FiscalCalendar } from '@/lib/domain/types';
import type { CatalogEntity } from './catalog';

/** A name/alias as a token sequence (normalized with normalizeAlias) and the entities it names. */
export interface PhraseEntry {
  tokens: string[];
  entityIds: string[];
}

export interface FuzzyWord {
  word: string;
  entityIds: string[];
}

/** Alias kinds that are not names: matched by the ticker and listing rules instead of as phrases. */
const NON_NAME_KINDS = new Set(['ticker', 'listing']);

/** Exchange names as written ("NasdaqGS", "Nasdaq", "NYSE Arca") → one key ("NASDAQ", "NYSEARCA"). */
export function exchangeKey(exchange: string): string {
  const k = exchange.toUpperCase().replace(/[^A-Z]/g, '');
  if (/^NASDAQ(GS|GM|CM)?$/.test(k)) return 'NASDAQ';
  if (k === 'NYSEMKT' || k === 'NYSEAMERICAN' || k === 'AMEX') return 'NYSEAMERICAN';
  if (/^OTC/.test(k)) return 'OTC';
  return k;
}

/** `Nasdaq:TSLA` (a listing alias) → { exchange: 'NASDAQ', ticker: 'TSLA' }. */
export function parseListing(alias: string): { exchange: string; ticker: string } | null {
  const m = /^\s*([A-Za-z][A-Za-z ]*?)\s*:\s*([A-Za-z0-9.\-/]{1,12})\s*$/.exec(alias);
  return m ? { exchange: exchangeKey(m[1]!), ticker: tickerKey(m[2]!) } : null;
}

/** Padded trigrams of a word ("tesla" → " te", "tes", "esl", "sla", "la "). */
export function trigrams(word: string): string[] {
  const w = ` ${word} `;
  const out: string[] = [];
  for (let i = 0; i + 3 <= w.length; i++) out.push(w.slice(i, i + 3));
  return out;
}

function add<K>(map: Map<K, string[]>, key: K, id: string): void {
  const list = map.get(key);
  if (!list) map.set(key, [id]);
  else if (!list.includes(id)) list.push(id);
}

export interface IndexOptions {
  tenantId?: string | null;
  version?: number | null;
  /** active calendars per entity, in effective order */
  calendars?: Map<string, FiscalCalendar[]>;
  /** reporting currency per entity (loaded indexes: what answering needs without a per-question read) */
  currencies?: Map<string, string | null>;
}

export class EntityIndex {
  /** the catalog, in load order (the same array for every question while the version holds) */
  readonly entities: CatalogEntity[];
  readonly tenantId: string | null;
  /** the tenant data version the index was built at (null: built from an array, not loaded) */
  readonly version: number | null;
  /** first token → phrases starting with it, longest first */
  readonly phrases = new Map<string, PhraseEntry[]>();
  /** tickerKey → entities (share classes are separate keys of one entity: GOOG, GOOGL) */
  readonly tickers = new Map<string, string[]>();
  /** `${exchangeKey}:${tickerKey}` → entities listed there */
  readonly listings = new Map<string, string[]>();
  /** CIK without leading zeros → entities */
  readonly ciks = new Map<string, string[]>();
  /** distinctive first words of names (≥ 5 letters) for the near-miss rule */
  readonly fuzzyWords: FuzzyWord[] = [];
  /** trigram → positions in fuzzyWords */
  readonly trigramIndex = new Map<string, number[]>();
  private readonly byIdMap = new Map<string, CatalogEntity>();
  private readonly calendarMap: Map<string, FiscalCalendar[]>;
  private readonly currencyMap: Map<string, string | null> | null;

  constructor(catalog: CatalogEntity[], opts: IndexOptions = {}) {
    this.entities = catalog;
    this.tenantId = opts.tenantId ?? null;
    this.version = opts.version ?? null;
    this.calendarMap = opts.calendars ?? new Map();
    this.currencyMap = opts.currencies ?? null;
    const phraseByKey = new Map<string, PhraseEntry>();
    const fuzzyByWord = new Map<string, string[]>();
    for (const e of catalog) {
      this.byIdMap.set(e.id, e);
      const names = [e.name, e.legalName ?? ''];
      if (e.ticker) add(this.tickers, tickerKey(e.ticker), e.id);
      if (e.cik) add(this.ciks, e.cik.replace(/^0+/, '') || '0', e.id);
      for (const a of e.aliases) {
        if (a.kind === 'ticker') add(this.tickers, tickerKey(a.alias), e.id);
        else if (a.kind === 'listing') {
          const l = parseListing(a.alias);
          if (l) {
            add(this.listings, `${l.exchange}:${l.ticker}`, e.id);
            add(this.tickers, l.ticker, e.id);
          }
        } else if (!NON_NAME_KINDS.has(a.kind)) names.push(a.alias);
      }
      for (const n of names) {
        const key = normalizeAlias(n);
        if (key.length < 2) continue;
        if (/^\d+$/.test(key)) {
          add(this.ciks, key.replace(/^0+/, '') || '0', e.id);
          continue;
        }
        let entry = phraseByKey.get(key);
        if (!entry) {
          entry = { tokens: key.split(' '), entityIds: [] };
          phraseByKey.set(key, entry);
        }
        if (!entry.entityIds.includes(e.id)) entry.entityIds.push(e.id);
        const first = entry.tokens[0]!;
        if (first.length >= 5 && /^[a-z]/.test(first)) add(fuzzyByWord, first, e.id);
      }
    }
    for (const entry of phraseByKey.values()) {
      const list = this.phrases.get(entry.tokens[0]!);
      if (list) list.push(entry);
      else this.phrases.set(entry.tokens[0]!, [entry]);
    }
    for (const list of this.phrases.values()) list.sort((a, b) => b.tokens.length - a.tokens.length);
    for (const [word, entityIds] of fuzzyByWord) {
      const at = this.fuzzyWords.push({ word, entityIds }) - 1;
      for (const g of new Set(trigrams(word))) {
        const list = this.trigramIndex.get(g);
        if (list) list.push(at);
        else this.trigramIndex.set(g, [at]);
      }
    }
  }

  byId(id: string): CatalogEntity | undefined {
    return this.byIdMap.get(id);
  }

  has(id: string): boolean {
    return this.byIdMap.has(id);
  }

  /** Active calendars of an entity (when the index was loaded with them), in effective order. */
  calendars(entityId: string): FiscalCalendar[] | undefined {
    return this.calendarMap.get(entityId);
  }

  /** The entity's reporting currency when the index was loaded with them (null: none recorded), else undefined. */
  reportingCurrency(entityId: string): string | null | undefined {
    if (!this.currencyMap || !this.byIdMap.has(entityId)) return undefined;
    return this.currencyMap.get(entityId) ?? null;
  }

  get size(): number {
    return this.entities.length;
  }

  /**
   * Names whose distinctive first word is within `limit(word)` edits of `word` (one for 5–7 letters,
   * two for longer): candidates come from the trigram postings, a count filter drops most, then the
   * edit distance decides.
   */
  nearWords(word: string, distance: (a: string, b: string) => number): FuzzyWord[] {
    const grams = [...new Set(trigrams(word))];
    const counts = new Map<number, number>();
    for (const g of grams) for (const at of this.trigramIndex.get(g) ?? []) counts.set(at, (counts.get(at) ?? 0) + 1);
    const out: FuzzyWord[] = [];
    for (const [at, shared] of counts) {
      const cand = this.fuzzyWords[at]!;
      const limit = cand.word.length >= 8 ? 2 : 1;
      if (Math.abs(cand.word.length - word.length) > limit) continue;
      // a padded word of n letters has n trigrams; an edit changes at most three, a transposition four
      if (shared < Math.max(cand.word.length, word.length) - 4 * limit) continue;
      if (distance(cand.word, word) <= limit) out.push(cand);
    }
    return out;
  }
}

/** Builds an index over a catalog array (tests, the bench, callers that hold only a catalog). */
export function buildEntityIndex(catalog: CatalogEntity[], opts: IndexOptions = {}): EntityIndex {
  return new EntityIndex(catalog, opts);
}

const arrayIndexes = new WeakMap<CatalogEntity[], EntityIndex>();

/**
 * The index of a catalog: an EntityIndex as is; for an array, one index per array instance (the
 * cached catalog from loadEntityCatalog is the same array until the tenant's data changes).
 */
export function indexOf(source: EntityIndex | CatalogEntity[]): EntityIndex {
  if (source instanceof EntityIndex) return source;
  let idx = arrayIndexes.get(source);
  if (!idx) {
    idx = new EntityIndex(source);
    arrayIndexes.set(source, idx);
  }
  return idx;
}

// ── question tokens ──────────────────────────────────────────────────────────────────────────────

export interface QuestionToken {
  /** normalized text (folded, lower case; same alphabet as normalizeAlias) */
  norm: string;
  /** UTF-16 offsets in the original question, end exclusive */
  start: number;
  end: number;
  /** end including a possessive `'s` / `’s` (or a plural possessive `'`) right after the token */
  possessiveEnd: number | null;
  /** a legal form or article dropped by normalizeAlias (inc, corp, co, the, …) */
  suffix: boolean;
}

const SUFFIX = new Set<string>(LEGAL_SUFFIXES);

/**
 * Splits a question into the tokens normalizeAlias would produce, keeping where each came from in
 * the original text (a character may fold to several: "ﬁ" → "fi").
 */
export function tokenizeQuestion(question: string): QuestionToken[] {
  const tokens: QuestionToken[] = [];
  let cur = '';
  let start = -1;
  const flush = (end: number) => {
    if (cur) tokens.push({ norm: cur, start, end, possessiveEnd: null, suffix: SUFFIX.has(cur) });
    cur = '';
    start = -1;
  };
  for (let i = 0; i < question.length; ) {
    const cp = question.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const ch = question.slice(i, i + width);
    if (ch === "'" || ch === '’') {
      const next = question[i + 1];
      const after = question[i + 2];
      if (cur) flush(i);
      const owner = tokens[tokens.length - 1];
      const adjacent = owner && (owner.end === i || (owner.end === i - 1 && question[i - 1] === '.'));
      if (adjacent && (next === 's' || next === 'S') && !(after && /[A-Za-z0-9]/.test(after))) {
        owner.possessiveEnd = i + 2;
        i += 2;
        continue;
      }
      if (adjacent && owner.norm.endsWith('s') && !(next && /[A-Za-z0-9]/.test(next))) owner.possessiveEnd = i + 1;
      i += width;
      continue;
    }
    const folded = foldText(ch);
    let any = false;
    for (const f of folded) {
      if (/[a-z0-9&]/.test(f)) {
        if (!cur) start = i;
        cur += f;
        any = true;
      }
    }
    if (!any && folded.length > 0 && cur) flush(i);
    i += width;
  }
  if (cur) flush(question.length);
  return tokens;
}
