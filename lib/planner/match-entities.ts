import { normalizeAlias } from '@/lib/domain/names';
import type { CatalogEntity } from './catalog';

export interface EntityMention {
  /** the words as normalized */
  text: string;
  /** entities this mention can mean (several = ambiguous) */
  entityIds: string[];
  via: 'alias' | 'ticker' | 'cik' | 'fuzzy';
  /** position in the normalized question (for ordering) */
  index: number;
}

/** Edit distance counting an adjacent transposition as one edit (optimal string alignment). */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
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

/**
 * Finds entity mentions in a question: aliases (longest first, whole words), upper-case tickers,
 * CIK numbers, and near-misses of names (one edit for 5–7 letters, two for longer).
 */
export function matchEntities(question: string, catalog: CatalogEntity[]): { mentions: EntityMention[]; unknownNames: string[] } {
  const norm = ` ${normalizeAlias(question)} `;
  const consumed: [number, number][] = [];
  const mentions: EntityMention[] = [];
  const free = (s: number, e: number) => consumed.every(([a, b]) => e <= a || s >= b);

  const aliasIndex = new Map<string, Set<string>>();
  for (const ent of catalog) {
    const names = new Set([ent.name, ent.legalName ?? '', ...ent.aliases.filter((a) => a.kind !== 'ticker').map((a) => a.alias)]);
    for (const n of names) {
      const k = normalizeAlias(n);
      if (k.length < 2) continue;
      if (!aliasIndex.has(k)) aliasIndex.set(k, new Set());
      aliasIndex.get(k)!.add(ent.id);
    }
  }
  const keys = [...aliasIndex.keys()].sort((a, b) => b.length - a.length);
  for (const k of keys) {
    let from = 0;
    for (;;) {
      const i = norm.indexOf(` ${k} `, from);
      if (i < 0) break;
      const s = i + 1;
      const e = s + k.length;
      if (free(s, e)) {
        consumed.push([s, e]);
        mentions.push({ text: k, entityIds: [...aliasIndex.get(k)!], via: 'alias', index: s });
      }
      from = i + 1;
    }
  }

  // tickers: as written in capitals (or with $), never lower-case words like "snow"
  for (const m of question.matchAll(/(?<![\w$])\$?([A-Z]{1,5}(?:\.[A-Z])?)(?![\w])/g)) {
    const t = m[1]!;
    const ids = catalog.filter((e) => e.ticker?.toUpperCase() === t || e.aliases.some((a) => a.kind === 'ticker' && a.alias.toUpperCase() === t)).map((e) => e.id);
    if (ids.length && !mentions.some((x) => ids.every((id) => x.entityIds.includes(id)))) {
      mentions.push({ text: t, entityIds: ids, via: 'ticker', index: norm.indexOf(` ${t.toLowerCase()} `) });
    }
  }
  // CIK numbers
  for (const m of question.matchAll(/\bCIK\s*0*(\d{1,10})\b|\b0*(\d{6,10})\b/gi)) {
    const n = (m[1] ?? m[2])!;
    const ids = catalog.filter((e) => e.cik && e.cik.replace(/^0+/, '') === n).map((e) => e.id);
    if (ids.length && !mentions.some((x) => ids.every((id) => x.entityIds.includes(id)))) {
      mentions.push({ text: `CIK ${n}`, entityIds: ids, via: 'cik', index: m.index ?? 0 });
    }
  }

  // near-misses of single-word names, on words no other rule used
  const words = [...norm.matchAll(/[a-z][a-z0-9&]{4,}/g)];
  const unknownNames: string[] = [];
  for (const w of words) {
    const s = w.index!;
    const e = s + w[0].length;
    if (!free(s, e) || NOT_NAMES.has(w[0])) continue;
    const close = new Set<string>();
    for (const [k, ids] of aliasIndex) {
      // only the distinctive first word of a name ("Snowflak" → Snowflake), never a generic later word ("components")
      for (const part of k.split(' ').slice(0, 1)) {
        if (part.length < 5) continue;
        const limit = part.length >= 8 ? 2 : 1;
        if (Math.abs(part.length - w[0].length) <= limit && levenshtein(part, w[0]) <= limit) ids.forEach((id) => close.add(id));
      }
    }
    if (close.size && !mentions.some((x) => [...close].every((id) => x.entityIds.includes(id)))) {
      consumed.push([s, e]);
      mentions.push({ text: w[0], entityIds: [...close], via: 'fuzzy', index: s });
    }
  }

  // capitalised names that match nothing ("Acme Corp's revenue") are reported, never guessed
  if (mentions.length === 0) {
    for (const m of question.matchAll(/(?:^|[\s(])((?:[A-Z][\w&.-]*)(?:\s+[A-Z][\w&.-]*)*)(?:['’]s)?/g)) {
      // a sentence-initial question word is not part of a name ("Report Initech's …")
      const name = m[1]!.replace(/[.,]+$/, '').replace(/^(What|How|Report|Show|Give|Compare|Tell|List|Which|When|Was|Is|Did|Does)\s+/, '');
      const first = normalizeAlias(name).split(' ')[0] ?? '';
      if (!first || NOT_NAMES.has(first) || /^(FY|Q[1-4]|H[12]|CY|TTM|LTM|EPS|R&D|SG&A)\d*$/i.test(name)) continue;
      unknownNames.push(name);
    }
  }
  mentions.sort((a, b) => a.index - b.index);
  return { mentions, unknownNames: [...new Set(unknownNames)] };
}
