/**
 * Narrative answers, composed by pathway from whole sentences quoted out of the filings:
 *   detail        the key sentences under the Item and heading they came from;
 *   comparison    the same per company, and a side-by-side table (one column per company, one row per
 *                 aspect found in the evidence; a cell is a cited quote or "not disclosed");
 *   longitudinal  year by year, and a "what changed" redline between the earliest and the latest
 *                 filing of each company (aligned by heading and sentence similarity).
 * Buckets are (entity, fiscal year) or one filing ("latest 10-K"): a bucket without a passage on the
 * topic is reported as such — never filled from another year or company. Before the answer is
 * returned every quote is checked against its passage's entity, year, item, heading and text
 * (entity-attribute check); a mismatch is removed and recorded.
 */
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { Db } from '@/lib/db/client';
import type { Role } from '@/lib/db/schema';
import { resolveSpec } from '@/lib/fiscal';
import type { FilingRef } from '@/lib/planner/narrative';
import type { EntityRef, NarrativeIntent } from '@/lib/planner/types';
import { tokenize } from '@/lib/retrieval/embed';
import {
  listFilings,
  retrieveNarrative,
  type FilingRow,
  type NarrativeBucket,
  type NarrativePassage,
} from '@/lib/retrieval/narrative-passages';
import { annualItem, NARRATIVE_TOPICS, topicsOf, type NarrativeTopic } from '@/lib/retrieval/narrative-topics';
import { entityContext } from './entity-context';
import type { Trace } from './compute';
import { parsedFilings } from './narrative-filings';
import { composeNarrativeWithLlm } from './narrative-llm';
import { redline, type RedlineSentence } from './narrative-redline';
import { scoreSentence, splitSentences, topicScorer, type Sentence, type TopicScorer } from './narrative-sentences';
import { TextBuilder } from './text';
import type { Answer, AnswerError, AnswerPassage, NarrativeBlock, NarrativeRedline, NarrativeSection, NarrativeTable } from './types';

/** A narrative intent, optionally with what the classifier found (lib/planner/narrative). */
export type NarrativeInput = NarrativeIntent & { filings?: FilingRef[]; topicTerms?: string[]; topics?: string[] };

export interface AnswerNarrativeOptions {
  db: Db;
  tenantId: string;
  role: Role | null;
  narrative: NarrativeInput;
  trace: Trace & { passages?: unknown };
  /** optional generator + auditor (lib/answer/narrative-llm); null/absent = deterministic composition */
  languageModel?: LanguageModelV3 | null;
  /** the question as asked (the generator's prompt) */
  question?: string;
}

/** Passages kept per bucket and sentences quoted per bucket, by pathway. */
const SIZES = { detail: { k: 10, sentences: 20 }, comparison: { k: 10, sentences: 16 }, longitudinal: { k: 6, sentences: 12 } } as const;
/** a longitudinal answer: changes quoted in its text (the redline lists them all), key sentences per filing */
const LT_CHANGES_SHOWN = 8;
/**
 * topic sentences of each filing the redline aligns (a filing's news is often a dated sentence that
 * scores below its risk factor's general wording), and the changes it lists, most important first
 */
const REDLINE_SENTENCES = 40;
const REDLINE_ENTRIES = 20;
const LT_ANCHOR_SENTENCES = SIZES.longitudinal.sentences;
/** a bucket counts as answering the topic when its best sentence scores at least this */
const MIN_SCORE = 3;

const ITEM_NAMES: Record<string, string> = {
  'Item 1': 'Business (Item 1)',
  'Item 1A': 'Risk factors (Item 1A)',
  'Item 1C': 'Cybersecurity (Item 1C)',
  'Item 2': 'Properties (Item 2)',
  'Item 3': 'Legal proceedings (Item 3)',
  'Item 5': 'Equity and repurchases (Item 5)',
  'Item 7': 'MD&A (Item 7)',
  'Item 7A': 'Market risk (Item 7A)',
  'Item 8': 'Financial statements and notes (Item 8)',
  'Item 9A': 'Controls and procedures (Item 9A)',
};

interface Bucket extends NarrativeBucket {
  entity: EntityRef;
  label: string;
  form: string | null;
  filedAt: string | null;
  /** chronological order key */
  order: string;
}

interface Candidate {
  p: NarrativePassage;
  text: string;
  start: number;
  end: number;
  score: number;
  stems: Set<string>;
  /** position of the passage in the bucket's ranking */
  rank: number;
}

function filingLabel(f: { form: string | null; fiscalYear: number | null; filedAt: string | null }): string {
  return `${f.form ?? 'filing'}${f.fiscalYear !== null ? ` FY${f.fiscalYear}` : ''}${f.filedAt ? `, filed ${f.filedAt}` : ''}`;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let n = 0;
  for (const x of a) if (b.has(x)) n++;
  return n / (a.size + b.size - n);
}

/** share of a bucket's quotes the best passage may take first (its on-topic sentences that score below other passages' leads) */
const TOP_SHARE = 0.35;
/** score a sentence loses per place its passage stands below the bucket's best */
const RANK_PENALTY = 0.3;
const BULLET = /^(?:[•●▪◦·\-–—*]|\(?[a-z0-9]{1,3}\)\s)/;

/** A list item's glyph, left off a quote ("•Continued volatility …" is quoted from "Continued"). */
const GLYPH = /^[•●▪◦·]\s*/;

/**
 * A sentence as it can be quoted on its own: without a list glyph, and whole — it starts with a
 * capital, a digit or an opening quote and ends with a full stop, question or exclamation mark (a list
 * item that ends in ";" or "and", a lead-in that ends in ":", a sub-heading or table caption inside the
 * text, or a tail cut by a page break is no quote). Pure.
 */
export function quotable(s: { text: string; start: number; end: number }): { text: string; start: number; end: number } | null {
  const g = GLYPH.exec(s.text);
  const text = g ? s.text.slice(g[0].length) : s.text;
  const start = s.start + (g ? g[0].length : 0);
  if (!/^[A-Z0-9“"‘'($€£]/.test(text) || !/[.!?]["”’)\]]*$/.test(text)) return null;
  return { text, start, end: s.end };
}

/** Longest quote of a lead-in with its list ("… including, from: • … ; • … ."), in words. */
const LIST_QUOTE_WORDS = 160;

/**
 * A lead-in that ends with a colon, quoted with the list it opens when the list is short enough to
 * read as one quote (its items, each on its own line, up to the one that ends with a full stop), or
 * alone when the list is long — never an item cut from its lead-in. Pure.
 */
export function leadInWithList(text: string, sentences: Sentence[], i: number): { text: string; start: number; end: number } | null {
  const lead = sentences[i]!;
  if (
    !/:["”’)]*$/.test(lead.text) ||
    !/^[A-Z0-9“"‘'(]/.test(lead.text.replace(GLYPH, '')) ||
    lead.text.split(/\s+/).length < 6 ||
    GLYPH.test(lead.text)
  )
    return null;
  let end = -1;
  let words = lead.text.split(/\s+/).length;
  for (let j = i + 1; j < sentences.length; j++) {
    const item = sentences[j]!;
    if (!GLYPH.test(item.text)) break;
    words += item.text.split(/\s+/).length;
    if (words > LIST_QUOTE_WORDS) break;
    if (/[.!?]["”’)\]]*$/.test(item.text)) {
      end = j;
      break;
    }
  }
  if (end < 0) return { text: lead.text, start: lead.start, end: lead.end };
  const last = sentences[end]!;
  return { text: text.slice(lead.start, last.end), start: lead.start, end: last.end };
}

/** Topic sentences of a bucket's passages, best first. */
export function candidates(passages: NarrativePassage[], sc: TopicScorer): Candidate[] {
  const out: Candidate[] = [];
  const top = Math.max(1e-9, ...passages.map((p) => p.score));
  passages.forEach((p, rank) => {
    const filing = { fiscalYear: p.fiscalYear, periodEnd: p.periodOfReport, filedAt: p.filedAt };
    // a sentence's position counts within its paragraph: each paragraph's opening sentence states what
    // it is about (a bullet continues the list its paragraph opened)
    let para = 0;
    let lastEnd = 0;
    const sentences = splitSentences(p.text);
    sentences.forEach((s, i) => {
      if (/\n/.test(p.text.slice(lastEnd, s.start)) && !BULLET.test(s.text)) para = 0;
      lastEnd = s.end;
      const position = para++;
      const q = quotable(s) ?? leadInWithList(p.text, sentences, i);
      if (!q) return;
      const score = scoreSentence(
        q.text,
        { heading: p.heading, context: p.context, passageWeight: Math.max(0, p.score / top), position, filing },
        sc,
      );
      if (score <= 0) return;
      out.push({ p, text: q.text, start: q.start, end: q.end, score, stems: new Set(tokenize(q.text)), rank });
    });
  });
  return out.sort((a, b) => b.score - a.score || a.rank - b.rank || a.start - b.start);
}

/**
 * The quotes of one bucket: first the best passage's best sentences (up to a third of the bucket —
 * a risk factor on the topic holds its detail in sentences that name the topic less than other
 * passages' leads do), then the bucket's best sentences, each weighed down a little by its passage's
 * rank in the rerank; near-duplicates are skipped; `n` caps the bucket. (A fixed share per passage
 * rank lost on-topic sentences of the third and later passages to weaker ones of the first.)
 */
export function pick(cands: Candidate[], n: number): Candidate[] {
  const pool = cands.filter((c) => c.score >= 1.5).map((c) => ({ c, v: c.score - RANK_PENALTY * c.rank }));
  pool.sort((a, b) => b.v - a.v || a.c.rank - b.c.rank || a.c.start - b.c.start);
  const kept: Candidate[] = [];
  const add = (c: Candidate) => {
    if (kept.includes(c) || kept.some((k) => jaccard(k.stems, c.stems) > 0.8)) return;
    kept.push(c);
  };
  const share = Math.ceil(n * TOP_SHARE);
  for (const { c } of pool) if (c.rank === 0 && kept.length < share) add(c);
  for (const { c } of pool) {
    if (kept.length >= n) break;
    add(c);
  }
  return kept;
}

/** A sentence that only points to where a disclosure is: another document, item or note. */
export function isCrossReference(s: string): boolean {
  return (
    /\bincorporated (?:herein |into this (?:item|report) )?by reference\b/i.test(s) ||
    /\b(?:information|disclosure)s?\b[^.]{0,80}\b(?:can be found|is (?:included|contained|set forth))\b[^.]{0,40}\b(?:in|under)\b/i.test(
      s,
    ) ||
    (/^(?:see|refer to|for (?:a |further |additional )?(?:discussion|information|details?)\b)/i.test(s) &&
      /\b(?:item|note|part|section|annual report|proxy statement)\b/i.test(s) &&
      s.split(/\s+/).length < 40)
  );
}

/** The document a cross-reference points to ("the 2024 Annual Report to Shareholders"), when it names one outside the filing. */
export function referencedDocument(s: string): string | null {
  const m = /\b((?:\d{4}\s+)?(?:annual report to (?:shareholders|stockholders)|proxy statement|annual report)(?:\s+for\s+\d{4})?)\b/i.exec(
    s,
  );
  if (m) return m[1]!;
  // another periodic report ("the 2024 Form 10-K"), not this one ("Item 1A of this Form 10-K")
  const f = /(?<!\bthis\s)\b(\d{4}\s+Form\s+10-[KQ])\b/i.exec(s);
  return f ? f[1]! : null;
}

/**
 * Sentences in reading order: grouped by the unit they come from (Item and heading), the most relevant
 * unit first (its best sentence's score; ties by the item prior), each unit's sentences in the
 * filing's own order.
 */
function readingOrder(cs: Candidate[], items: string[]): Candidate[] {
  const itemRank = (c: Candidate) => {
    const i = items.indexOf(annualItem(c.p.section) ?? '');
    return i < 0 ? items.length : i;
  };
  const unit = (c: Candidate) => `${c.p.sourceId}|${c.p.section}|${c.p.heading}`;
  const best = new Map<string, number>();
  for (const c of cs) best.set(unit(c), Math.max(best.get(unit(c)) ?? -Infinity, c.score - RANK_PENALTY * c.rank));
  return [...cs].sort(
    (a, b) =>
      best.get(unit(b))! - best.get(unit(a))! ||
      itemRank(a) - itemRank(b) ||
      unit(a).localeCompare(unit(b)) ||
      a.p.ordinal - b.p.ordinal ||
      a.start - b.start,
  );
}

/** one key per sentence of a stored chunk, whether retrieved or read with its whole filing */
const keyOf = (c: Candidate) => `${c.p.id}:${c.start}`;

export async function answerNarrative(o: AnswerNarrativeOptions): Promise<Omit<Answer, 'timingMs' | 'manifestId'>> {
  const { db, tenantId, narrative } = o;
  const pathway = narrative.pathway;
  const tb = new TextBuilder();
  // the answer's lead (what a person reads before the table, redline and quotes): its summary and
  // notes, also in the text; `say` writes to both
  const lead = new TextBuilder();
  const say = (t: string) => (tb.text(t), lead.text(t));
  const passages: AnswerPassage[] = [];
  const errors: AnswerError[] = [];
  const touched: NarrativeTopic[] = narrative.topics?.length
    ? NARRATIVE_TOPICS.filter((t) => narrative.topics!.includes(t.id))
    : topicsOf(narrative.topic);
  const topicTerms = narrative.topicTerms?.length
    ? narrative.topicTerms
    : [...new Set([...narrative.topic.split(/\s+/).filter(Boolean), ...touched.flatMap((t) => t.terms)])];
  const items = [...new Set([...touched.flatMap((t) => t.items.map((i) => annualItem(i)!)), 'Item 1A', 'Item 7', 'Item 1'])];
  const expansion = topicTerms.filter((t) => !narrative.topic.split(/\s+/).includes(t));
  const sc = topicScorer(narrative.topic, expansion);

  // buckets: each entity's requested fiscal years and filings
  const contexts = await Promise.all(narrative.entities.map((e) => entityContext(db, tenantId, e, o.role)));
  const buckets: Bucket[] = [];
  const missing: { entity: EntityRef; label: string }[] = [];
  for (const ent of contexts) {
    const filings: FilingRow[] = await listFilings(db, tenantId, o.role, ent.entity.id);
    // a period phrase that names a filing ("latest 10-K", "FY2024 10-K", lib/fiscal's `filing` spec)
    // means that held filing, not the fiscal year the facts reach: read it as a filing reference
    const filingRefs: FilingRef[] = [...(narrative.filings ?? [])];
    const periods = narrative.periods.filter((p) => {
      const spec = p.spec as { type: string; form?: string; which?: number | 'latest' };
      if (spec.type !== 'filing') return true;
      const form =
        spec.form === '10-Q' ? '10-Q' : spec.form === '20-F' ? '20-F' : spec.form === '10-K' || spec.form === 'annual' ? '10-K' : null;
      if (!filingRefs.some((f) => f.text === p.text))
        filingRefs.push({
          text: p.text,
          start: 0,
          end: 0,
          form,
          latest: spec.which === 'latest',
          fiscalYear: typeof spec.which === 'number' ? spec.which : null,
        });
      return false;
    });
    for (const p of periods) {
      const r = ent.calendars.length
        ? resolveSpec(p.spec, { calendars: ent.calendars, latestPeriodEnd: ent.latestPeriodEnd }, p.text)
        : null;
      if (r?.status !== 'resolved' || r.fiscalYear === null) {
        errors.push({ code: 'AMBIGUOUS_PERIOD', message: `${ent.entity.name}: “${p.text}” does not name one fiscal year`, factIds: [] });
        missing.push({ entity: ent.entity, label: p.text });
        continue;
      }
      const inYear = filings.filter((f) => f.fiscalYear === r.fiscalYear);
      const only = inYear.length === 1 ? inYear[0]! : null;
      buckets.push({
        entityId: ent.entity.id,
        fiscalYear: r.fiscalYear,
        entity: ent.entity,
        form: only?.form ?? null,
        filedAt: only?.filedAt ?? null,
        sourceId: null,
        label: only ? filingLabel(only) : `FY${r.fiscalYear}`,
        order: `${r.fiscalYear}|${only?.filedAt ?? ''}`,
      });
    }
    for (const f of filingRefs) {
      const forms = f.form ? [f.form] : ['10-K', '10-Q', '20-F'];
      const match = filings.filter(
        (x) =>
          forms.includes((x.form ?? '').toUpperCase().replace(/\/A$/, '')) &&
          (f.fiscalYear === null || x.fiscalYear === f.fiscalYear) &&
          (!f.periodMonth || endsInMonth(x.periodOfReport, f.periodMonth)),
      );
      const chosen = match[0];
      const want = `${f.form ?? 'filing'}${f.fiscalYear !== null ? ` for FY${f.fiscalYear}` : f.periodMonth ? ` for the period ending in ${f.periodMonth}` : f.latest ? ' (latest)' : ''}`;
      if (!chosen) {
        errors.push({ code: 'MISSING_FILING', message: `${ent.entity.name}: no ${want} is held`, factIds: [] });
        missing.push({ entity: ent.entity, label: want });
        continue;
      }
      buckets.push({
        entityId: ent.entity.id,
        fiscalYear: chosen.fiscalYear,
        entity: ent.entity,
        sourceId: chosen.sourceId,
        form: chosen.form,
        filedAt: chosen.filedAt,
        label: filingLabel(chosen),
        order: `${chosen.fiscalYear ?? ''}|${chosen.filedAt ?? ''}`,
      });
    }
  }
  const unique = buckets.filter(
    (b, i) =>
      buckets.findIndex(
        (x) => x.entityId === b.entityId && x.fiscalYear === b.fiscalYear && (x.sourceId ?? null) === (b.sourceId ?? null),
      ) === i,
  );
  const size = SIZES[pathway];
  const res = unique.length
    ? await retrieveNarrative({ db, tenantId, role: o.role, buckets: unique, topic: narrative.topic, terms: expansion, items, k: size.k })
    : { passages: [] as NarrativePassage[], buckets: [], query: { fts: '', dense: '' } };

  // sentence candidates per bucket
  const inBucket = (b: Bucket) =>
    res.passages.filter((p) => p.entityId === b.entityId && p.fiscalYear === b.fiscalYear && (!b.sourceId || p.sourceId === b.sourceId));
  const perBucket = unique.map((b) => {
    // a cross-reference ("Information in response to this Item 1C can be found in the 2024 Annual
    // Report to Shareholders … incorporated into this item by reference") is not what the filing says
    // on the topic: when it is all a filing has, the topic is disclosed in a document not held
    // (beside what the filing does say, its pointer to the rest is worth quoting)
    const all = candidates(inBucket(b), sc);
    const best = all.find((c) => !isCrossReference(c.text));
    const found = !!best && best.score >= MIN_SCORE;
    const pointer = found ? null : (all.find((c) => isCrossReference(c.text) && c.score > 0) ?? null);
    // (a pointer to another Item of the same filing — "see Item 1A" — adds nothing the answer lacks)
    return { b, cands: found ? all.filter((c) => !isCrossReference(c.text) || !!referencedDocument(c.text)) : [], found, pointer };
  });

  let n = 0;
  const byKey = new Map<string, string>();
  const cite = (c: Candidate, ent: EntityRef): string => {
    const key = keyOf(c);
    const known = byKey.get(key);
    if (known) return known;
    const id = `p${++n}`;
    byKey.set(key, id);
    passages.push({
      id,
      entity: ent,
      fiscalYear: c.p.fiscalYear,
      section: c.p.section,
      heading: c.p.heading,
      quote: c.text,
      chunkId: c.p.id,
      sourceId: c.p.sourceId,
      sourceTitle: c.p.sourceTitle,
      page: c.p.page,
      span: c.p.spanStart !== null ? [c.p.spanStart + c.start, c.p.spanStart + c.end] : null,
      form: c.p.form,
      filedAt: c.p.filedAt,
      accession: c.p.accession,
    });
    return id;
  };
  const sections: NarrativeSection[] = [];
  /** quotes of one bucket under their Item and heading, into the text and the sections list */
  const writeBucket = (b: Bucket, chosen: Candidate[]) => {
    let lastKey = '';
    for (const c of readingOrder(chosen, items)) {
      const key = `${c.p.section}|${c.p.heading}`;
      if (key !== lastKey) {
        tb.text(lastKey ? ' ' : '').text(
          `${c.p.section ?? 'Filing'}${c.p.heading && !/^Item\s/i.test(c.p.heading) ? ` — ${c.p.heading}` : ''}: `,
        );
        sections.push({
          entityId: b.entityId,
          fiscalYear: b.fiscalYear,
          filing: b.label,
          item: c.p.section,
          heading: c.p.heading,
          passageIds: [],
        });
        lastKey = key;
      } else tb.text(' ');
      const id = cite(c, b.entity);
      sections.at(-1)!.passageIds.push(id);
      tb.passage(id, `“${c.text}”`);
    }
  };
  const noPassage = (b: Bucket, pointer: Candidate | null = null) => {
    const elsewhere = pointer ? referencedDocument(pointer.text) : null;
    if (pointer && elsewhere) {
      const where = `${pointer.p.section ?? 'the filing'}${pointer.p.heading && !/^item\s/i.test(pointer.p.heading) ? ` (${pointer.p.heading})` : ''}`;
      say(
        `${b.entity.name}, ${b.label}: on “${narrative.topic}” the filing only refers to another document — ${where} incorporates it by reference from the ${elsewhere}, which is not held, so nothing is quoted. `,
      );
      errors.push({
        code: 'INCORPORATED_BY_REFERENCE',
        message: `${b.entity.name} ${b.label}: ${where} incorporates “${narrative.topic}” by reference from the ${elsewhere} (not held)`,
        factIds: [],
      });
      return;
    }
    say(`${b.entity.name}, ${b.label}: no passage addresses “${narrative.topic}”. `);
    errors.push({ code: 'MISSING_PASSAGE', message: `${b.entity.name} ${b.label}: no passage on “${narrative.topic}”`, factIds: [] });
  };

  let table: NarrativeTable | null = null;
  const redlines: NarrativeRedline[] = [];
  // chunks the redline read from the whole filings (beyond the retrieved ones): checked like them
  const wholeFiling: NarrativePassage[] = [];
  if (pathway === 'longitudinal') {
    // per company: first what changed between its earliest and latest filing on the topic (the
    // redline, its changes cited), then the filings year by year, each with its few key sentences
    for (const ent of narrative.entities) {
      const mine = perBucket.filter((x) => x.b.entityId === ent.id).sort((a, b) => a.b.order.localeCompare(b.b.order));
      const present = mine.filter((x) => x.found);
      const shownKeys = new Set<string>();
      if (present.length >= 2) {
        const first = present[0]!;
        const last = present[present.length - 1]!;
        const rl = await redlineBetween(db, tenantId, o.role, first, last, cite, wholeFiling);
        redlines.push(rl);
        const count = (k: string) => rl.entries.filter((e) => e.kind === k).length;
        say(
          `What changed for ${ent.name} from ${first.b.label} to ${last.b.label} (sentences aligned by heading and similarity against every sentence of both filings): ${count('added')} added, ${count('modified')} reworded, ${count('removed')} ${rl.partialLater ? 'not repeated in the later filing' : 'removed'}, ${rl.unchanged} unchanged on this topic${rl.entries.length ? '; the redline lists them, most important first' : ''}. `,
        );
        // the changes themselves, cited: the later wording of what was added or reworded, the earlier of what went
        const shown = rl.entries.slice(0, LT_CHANGES_SHOWN);
        for (const e of shown) {
          const id = e.kind === 'removed' ? e.beforePassageId : e.afterPassageId;
          const q = passages.find((p) => p.id === id);
          if (!id || !q) continue;
          shownKeys.add(`${q.chunkId}:${q.quote}`);
          tb.text(
            `${e.kind === 'added' ? `New in ${last.b.label}` : e.kind === 'modified' ? `Reworded in ${last.b.label}` : `${rl.partialLater ? 'Not repeated' : 'Removed'} since ${first.b.label}`}: `,
          )
            .passage(id, `“${q.quote}”`)
            .text(' ');
        }
      } else if (mine.length >= 1 && present.length === 1 && mine.length + missing.filter((m) => m.entity.id === ent.id).length >= 2) {
        say(`${ent.name}: only one of the requested filings addresses the topic, so there is no change to show. `);
      }
      if (mine.length) tb.text(mine.length > 1 ? 'Year by year: ' : '');
      for (const { b, cands, found, pointer } of mine) {
        if (!found) {
          noPassage(b, pointer);
          continue;
        }
        tb.text(`${b.label} — `);
        writeBucket(
          b,
          pick(
            cands.filter((c) => !shownKeys.has(`${c.p.id}:${c.text}`)),
            LT_ANCHOR_SENTENCES,
          ),
        );
        tb.text(' ');
      }
    }
  } else {
    // a comparison leads with its side-by-side table (cited first) and says what it shows
    if (pathway === 'comparison' && perBucket.filter((x) => x.found).length >= 1 && perBucket.length >= 2) {
      table = compareTable(perBucket, touched, items, cite);
      if (table.rows.length)
        say(
          `${tableSummary(
            table,
            perBucket.map((x) => x.b.entity.name),
            narrative.topic,
          )} `,
        );
    }
    for (const { b, cands, found, pointer } of perBucket) {
      if (!found) {
        noPassage(b, pointer);
        continue;
      }
      tb.text(`${b.entity.name}, ${b.label} — `);
      const before = sections.length;
      writeBucket(b, pick(cands, size.sentences));
      tb.text(' ');
      if (pathway === 'detail') {
        const mine = sections.slice(before);
        const quoted = mine.reduce((a, x) => a + x.passageIds.length, 0);
        const where = [...new Set(mine.map((x) => x.item ?? 'the filing'))];
        lead.text(
          `${b.entity.name}, ${b.label}: ${quoted} sentence${quoted === 1 ? '' : 's'} on “${narrative.topic}”, from ${listOf(where)}, under ${mine.length} heading${mine.length === 1 ? '' : 's'}. `,
        );
      }
    }
  }
  for (const m of missing) say(`${m.entity.name}: ${m.label} — no such filing is held, so nothing is quoted for it. `);

  // entity-attribute check: every quote against the chunk it cites
  const check = entityAttributeCheck(passages, [...res.passages, ...wholeFiling]);
  if (check.removed.length) {
    const gone = new Set(check.removed.map((r) => r.passageId));
    for (let i = passages.length - 1; i >= 0; i--) if (gone.has(passages[i]!.id)) passages.splice(i, 1);
    for (let i = tb.segments.length - 1; i >= 0; i--) {
      const s = tb.segments[i]!;
      if (s.type === 'passage' && gone.has(s.passageId)) tb.segments.splice(i, 1);
    }
    for (const s of sections) s.passageIds = s.passageIds.filter((id) => !gone.has(id));
    if (table) for (const r of table.rows) for (const c of r.cells) c.passageIds = c.passageIds.filter((id) => !gone.has(id));
  }

  o.trace.passages = {
    query: res.query,
    topic: narrative.topic,
    topicTerms,
    items,
    buckets: res.buckets,
    passages: res.passages.map((p) => ({
      id: p.id,
      entityId: p.entityId,
      fiscalYear: p.fiscalYear,
      section: p.section,
      heading: p.heading,
      score: Math.round(p.score * 1000) / 1000,
      parts: p.parts,
      ftsRank: p.ftsRank,
      denseRank: p.denseRank,
    })),
    entityAttributeCheck: check,
  };

  const status = passages.length ? 'answered' : 'insufficient_evidence';
  if (!passages.length && (unique.length || missing.length))
    say('Ledgerline quotes only passages from the requested filings and years and does not substitute another year or company.');
  const block: NarrativeBlock = {
    topic: narrative.topic,
    topicTerms,
    filings: [
      ...perBucket.map(({ b, found }) => ({
        entityId: b.entityId,
        entityName: b.entity.name,
        fiscalYear: b.fiscalYear,
        form: b.form,
        filedAt: b.filedAt,
        sourceId: b.sourceId ?? null,
        label: b.label,
        found,
      })),
      ...missing.map((m) => ({
        entityId: m.entity.id,
        entityName: m.entity.name,
        fiscalYear: null,
        form: null,
        filedAt: null,
        sourceId: null,
        label: m.label,
        found: false,
      })),
    ],
    sections,
    table,
    redlines,
    check,
    composer: 'deterministic',
    lead: trimSegments(lead.segments),
  };
  const composed = {
    status,
    pathway,
    text: tb.toString().replace(/\s+/g, ' ').trim(),
    segments: tb.segments,
    values: [],
    passages,
    clarification: null,
    errors,
    intent: null,
    table: null,
    narrative: block,
  } satisfies Omit<Answer, 'timingMs' | 'manifestId'>;
  if (!o.languageModel) return composed;
  const llm = await composeNarrativeWithLlm(
    { ...composed, timingMs: 0, manifestId: null },
    o.question ?? narrative.topic,
    o.languageModel,
    narrative.entities.map((e) => e.name),
  );
  (o.trace.passages as Record<string, unknown>).llm = { used: llm.used, audit: llm.audit };
  const { timingMs: _t, manifestId: _m, ...answer } = llm.answer;
  return answer;
}

/** Whether a report's period ends in the month named ("2025-06"), or in the first week after it (a 52/53-week quarter "June 2022" may end on 2 July). */
export function endsInMonth(periodOfReport: string | null, month: string): boolean {
  if (!periodOfReport) return false;
  if (periodOfReport.startsWith(month)) return true;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(y, m, 1));
  const end = Date.parse(periodOfReport);
  return end >= next.getTime() && end < next.getTime() + 7 * 86_400_000;
}

/** "a", "a and b", "a, b and c" */
function listOf(xs: string[]): string {
  return xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`;
}

/** Segments with their outer whitespace trimmed (the lead is shown on its own). */
function trimSegments(segs: TextBuilder['segments']): TextBuilder['segments'] {
  const out = segs.map((x) => ({ ...x }));
  const first = out[0];
  const last = out.at(-1);
  if (first?.type === 'text') first.text = first.text.trimStart();
  if (last?.type === 'text') last.text = last.text.trimEnd();
  return out.filter((x) => x.type !== 'text' || x.text);
}

/** What a side-by-side table shows, aspect by aspect: who discloses it. */
export function tableSummary(table: NarrativeTable, names: string[], topic: string): string {
  const who = (r: NarrativeTable['rows'][number]) => {
    const has = r.cells.map((c, i) => (!c.notDisclosed && c.passageIds.length ? names[i] : null)).filter((x): x is string => !!x);
    if (has.length === names.length) return names.length === 2 ? 'both' : 'all';
    if (!has.length) return 'none';
    return `only ${listOf(has)}`;
  };
  // (a name that ends with its own full stop, "Apple Inc.", ends the sentence too)
  return `Side by side on ${table.rows.length} aspect${table.rows.length === 1 ? '' : 's'} of “${topic}”: ${table.rows.map((r) => `${r.aspect.toLowerCase()} — ${who(r)}`).join('; ')}.`.replace(
    /\.\.$/,
    '.',
  );
}

/** sentences of each company the side-by-side table reads, best first */
const ASPECT_POOL = 30;

/** One row per aspect found in the evidence: the topic's aspects, else the items the quotes come from. */
function compareTable(
  perBucket: { b: Bucket; cands: Candidate[]; found: boolean }[],
  touched: NarrativeTopic[],
  items: string[],
  cite: (c: Candidate, ent: EntityRef) => string,
): NarrativeTable {
  const columns = perBucket.map(({ b }) => ({ entityId: b.entityId, label: `${b.entity.name} (${b.label})` }));
  const aspects = touched.find((t) => t.aspects?.length)?.aspects;
  const rows: NarrativeTable['rows'] = [];
  if (aspects) {
    // each sentence belongs to the aspect its words name most (a phrase counts twice a word): the
    // Audit Committee's review of incidents is governance, not an incident; a row's cell is its
    // best sentence, or "not disclosed"
    const aspectScore = (a: { terms: string[] }, lower: string) =>
      a.terms.reduce((n, t) => n + (lower.includes(t) ? (/[\s-]/.test(t) ? 2 : 1) : 0), 0);
    const belongs = perBucket.map(({ cands }) =>
      cands.slice(0, ASPECT_POOL).map((c) => {
        const lower = c.text.toLowerCase();
        const scores = aspects.map((a) => aspectScore(a, lower));
        const top = Math.max(...scores);
        return { c, aspect: top > 0 ? scores.indexOf(top) : -1, v: top };
      }),
    );
    aspects.forEach((a, ai) => {
      const cells = belongs.map((list) => {
        let best: { c: Candidate; v: number } | null = null;
        for (const x of list) if (x.aspect === ai && (!best || x.v + x.c.score * 0.3 > best.v + best.c.score * 0.3)) best = x;
        return best?.c ?? null;
      });
      if (cells.some(Boolean))
        rows.push({
          aspect: a.label,
          cells: cells.map((c, bi) =>
            c ? { passageIds: [cite(c, perBucket[bi]!.b.entity)], notDisclosed: false } : { passageIds: [], notDisclosed: true },
          ),
        });
    });
  } else {
    const found = [...new Set(perBucket.flatMap(({ cands }) => cands.slice(0, 24).map((c) => annualItem(c.p.section) ?? 'Other')))];
    found.sort((a, b) => (items.indexOf(a) < 0 ? 99 : items.indexOf(a)) - (items.indexOf(b) < 0 ? 99 : items.indexOf(b)));
    for (const item of found.slice(0, 5)) {
      const cells = perBucket.map(({ cands }) => cands.find((c) => (annualItem(c.p.section) ?? 'Other') === item) ?? null);
      rows.push({
        aspect: ITEM_NAMES[item] ?? item,
        cells: cells.map((c, bi) =>
          c ? { passageIds: [cite(c, perBucket[bi]!.b.entity)], notDisclosed: false } : { passageIds: [], notDisclosed: true },
        ),
      });
    }
  }
  return { columns, rows };
}

/** The redline of one company's earliest and latest filing on the topic, aligned against both whole filings. */
async function redlineBetween(
  db: Db,
  tenantId: string,
  role: Role | null,
  first: { b: Bucket; cands: Candidate[] },
  last: { b: Bucket; cands: Candidate[] },
  cite: (c: Candidate, ent: EntityRef) => string,
  wholeFiling: NarrativePassage[],
): Promise<NarrativeRedline> {
  const top = (cs: Candidate[]) => cs.filter((c) => c.score >= MIN_SCORE).slice(0, REDLINE_SENTENCES);
  const before = top(first.cands);
  const after = top(last.cands);
  type Line = RedlineSentence & { c: Candidate };
  const asSentence = (c: Candidate): Line => ({
    text: c.text,
    heading: c.p.heading,
    section: c.p.section,
    passageId: null,
    stems: c.stems,
    c,
  });
  // every sentence of each whole filing (parsed once per filing, lib/answer/narrative-filings), as
  // candidates of their whole chunk: a counterpart found there is cited like a retrieved quote
  const seen = new Set(wholeFiling.map((p) => p.id));
  const whole = async (sourceIds: string[]): Promise<Line[]> => {
    const lines: Line[] = [];
    for (const f of await parsedFilings(db, tenantId, role, sourceIds)) {
      for (const p of f.passages) if (!seen.has(p.id)) seen.add(p.id), wholeFiling.push(p);
      for (const s of f.sentences)
        lines.push(asSentence({ p: s.p, text: s.text, start: s.start, end: s.end, score: 0, stems: s.stems, rank: 99 }));
    }
    return lines;
  };
  const [beforeFull, afterFull] = await Promise.all([
    whole([...new Set(before.map((c) => c.p.sourceId))]),
    whole([...new Set(after.map((c) => c.p.sourceId))]),
  ]);
  const bs = readingOrderPlain(before).map(asSentence);
  const as = readingOrderPlain(after).map(asSentence);
  const entries = redline<Line>(bs, as, { afterFull, beforeFull });
  const changed = entries.filter((e) => e.kind !== 'unchanged');
  // what matters most first: a change's topic score (its later wording's; the earlier one's for what
  // went), then added and reworded before removed
  const rank = { modified: 0, added: 0, removed: 1 } as const;
  const weight = (e: (typeof changed)[number]) => (e.after && e.after.c.score > 0 ? e.after.c.score : (e.before?.c.score ?? 0));
  changed.sort((x, y) => rank[x.kind as keyof typeof rank] - rank[y.kind as keyof typeof rank] || weight(y) - weight(x));
  const laterForm = (last.b.form ?? '').toUpperCase();
  return {
    entityId: first.b.entityId,
    entityName: first.b.entity.name,
    from: first.b.label,
    to: last.b.label,
    partialLater: /^10-Q/.test(laterForm) && !/^10-Q/.test((first.b.form ?? '').toUpperCase()),
    basis: { beforeSentences: beforeFull.length, afterSentences: afterFull.length, topicSentences: [bs.length, as.length] },
    entries: changed.slice(0, REDLINE_ENTRIES).map((e) => ({
      kind: e.kind as 'added' | 'removed' | 'modified',
      heading: e.heading,
      beforePassageId: e.before ? cite(e.before.c, first.b.entity) : null,
      afterPassageId: e.after ? cite(e.after.c, last.b.entity) : null,
      diff: e.diff,
    })),
    unchanged: entries.length - changed.length,
  };
}

function readingOrderPlain(cs: Candidate[]): Candidate[] {
  return [...cs].sort((a, b) => a.p.ordinal - b.p.ordinal || a.start - b.start);
}

const normQuote = (s: string) => s.replace(/[’‘]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Every quote is checked against the chunk it cites: same entity, fiscal year, item and heading, and
 * the quote's words are the chunk's words. Pure; mismatches are returned for removal and the manifest.
 */
export function entityAttributeCheck(
  quoted: AnswerPassage[],
  retrieved: { id: string; entityId: string; fiscalYear: number | null; section: string | null; heading: string | null; text: string }[],
): NarrativeBlock['check'] {
  const byId = new Map(retrieved.map((p) => [p.id, p]));
  const removed: NarrativeBlock['check']['removed'] = [];
  for (const q of quoted) {
    const src = byId.get(q.chunkId);
    const why: string[] = [];
    if (!src) why.push('cites a passage that was not retrieved');
    else {
      if (src.entityId !== q.entity.id) why.push(`entity ${q.entity.name} ≠ passage entity`);
      if (src.fiscalYear !== q.fiscalYear) why.push(`fiscal year ${q.fiscalYear} ≠ passage FY${src.fiscalYear}`);
      if ((src.section ?? null) !== (q.section ?? null)) why.push(`item ${q.section} ≠ passage ${src.section}`);
      if ((src.heading ?? null) !== (q.heading ?? null)) why.push('heading differs from the passage');
      if (!normQuote(src.text).includes(normQuote(q.quote))) why.push('quote is not in the passage');
      // every number in the quote must be a number of the passage
      const nums = q.quote.match(/\d[\d,.]*\d|\d/g) ?? [];
      if (nums.some((x) => !src.text.includes(x))) why.push('a number is not in the passage');
    }
    if (why.length) removed.push({ passageId: q.id, reason: why.join('; ') });
  }
  return { checked: quoted.length, removed };
}
