/**
 * Narrative answers: extractive, per entity and fiscal year, from the entity-year bucketed hybrid
 * retriever. Every sentence is a quote cited to its passage; a bucket with no passage on the topic
 * is reported as such — never filled from another year.
 */
import type { Db } from '@/lib/db/client';
import type { Role } from '@/lib/db/schema';
import { resolveSpec } from '@/lib/fiscal';
import type { NarrativeIntent } from '@/lib/planner/types';
import { tokenize } from '@/lib/retrieval/embed';
import { retrievePassages, type Bucket, type Passage } from '@/lib/retrieval/hybrid-passages';
import { entityContext } from './entity-context';
import type { Trace } from './compute';
import { TextBuilder } from './text';
import type { Answer, AnswerError, AnswerPassage } from './types';

export interface AnswerNarrativeOptions {
  db: Db;
  tenantId: string;
  role: Role | null;
  narrative: NarrativeIntent;
  trace: Trace & { passages?: unknown };
}

/** Best sentence of a passage for the topic: most topic terms, then earliest. Offsets are into the passage text. */
export function bestSentence(text: string, topic: string): { quote: string; start: number; end: number } | null {
  const terms = new Set(tokenize(topic));
  let best: { quote: string; start: number; end: number; score: number } | null = null;
  for (const m of text.matchAll(/[^.!?]+[.!?]*/g)) {
    const raw = m[0];
    const quote = raw.trim();
    if (quote.length < 12) continue;
    const start = m.index! + raw.indexOf(quote);
    const score = tokenize(quote).filter((t) => terms.has(t)).length;
    if (!best || score > best.score) best = { quote, start, end: start + quote.length, score };
  }
  return best && best.score > 0 ? { quote: best.quote, start: best.start, end: best.end } : null;
}

export async function answerNarrative(o: AnswerNarrativeOptions): Promise<Omit<Answer, 'timingMs' | 'manifestId'>> {
  const { db, tenantId, narrative } = o;
  const tb = new TextBuilder();
  const passages: AnswerPassage[] = [];
  const errors: AnswerError[] = [];
  const contexts = await Promise.all(narrative.entities.map((e) => entityContext(db, tenantId, e, o.role)));
  const buckets: (Bucket & { name: string; label: string })[] = [];
  for (const ent of contexts) {
    for (const p of narrative.periods) {
      const r = ent.calendars.length ? resolveSpec(p.spec, { calendars: ent.calendars, latestPeriodEnd: ent.latestPeriodEnd }, p.text) : null;
      if (!r || r.status !== 'resolved' || r.fiscalYear === null) {
        errors.push({ code: 'AMBIGUOUS_PERIOD', message: `${ent.entity.name}: “${p.text}” does not name one fiscal year`, factIds: [] });
        continue;
      }
      buckets.push({ entityId: ent.entity.id, fiscalYear: r.fiscalYear, name: ent.entity.name, label: `FY${r.fiscalYear}` });
    }
  }
  const unique = buckets.filter((b, i) => buckets.findIndex((x) => x.entityId === b.entityId && x.fiscalYear === b.fiscalYear) === i);
  const res = unique.length
    ? await retrievePassages({ db, tenantId, role: o.role, buckets: unique, query: narrative.topic, k: unique.length * 2 })
    : { passages: [] as Passage[], buckets: [], dropped: [] };
  o.trace.passages = { query: narrative.topic, buckets: res.buckets, dropped: res.dropped, passages: res.passages.map((p) => ({ id: p.id, entityId: p.entityId, fiscalYear: p.fiscalYear, rrf: p.rrf, ftsRank: p.ftsRank, denseRank: p.denseRank })) };

  let n = 0;
  for (const b of unique) {
    const inBucket = res.passages.filter((p) => p.entityId === b.entityId && p.fiscalYear === b.fiscalYear && p.onTopic);
    const picked = inBucket.map((p) => ({ p, s: bestSentence(p.text, narrative.topic) })).filter((x) => x.s);
    const ent = contexts.find((c) => c.entity.id === b.entityId)!.entity;
    if (picked.length === 0) {
      tb.text(`${b.name}, ${b.label}: no passage in its filings for that year addresses “${narrative.topic}”. `);
      errors.push({ code: 'MISSING_PASSAGE', message: `${b.name} ${b.label}: no passage on “${narrative.topic}”`, factIds: [] });
      continue;
    }
    tb.text(`${b.name}, ${b.label}`);
    const first = picked[0]!.p;
    tb.text(first.section ? ` (${first.section}): ` : ': ');
    picked.slice(0, 2).forEach(({ p, s }, i) => {
      const id = `p${++n}`;
      passages.push({
        id,
        entity: ent,
        fiscalYear: p.fiscalYear,
        section: p.section,
        heading: p.heading,
        quote: s!.quote,
        chunkId: p.id,
        sourceId: p.sourceId,
        sourceTitle: p.sourceTitle,
        page: p.page,
        span: p.spanStart !== null ? [p.spanStart + s!.start, p.spanStart + s!.end] : null,
      });
      tb.text(i ? ' ' : '').passage(id, `“${s!.quote}”`);
    });
    tb.text(' ');
  }
  const status = passages.length ? 'answered' : 'insufficient_evidence';
  if (!passages.length && unique.length) tb.text('Ledgerline quotes only passages from the requested years and does not substitute another year.');
  return {
    status,
    pathway: narrative.pathway,
    text: tb.toString().replace(/\s+/g, ' ').trim(),
    segments: tb.segments,
    values: [],
    passages,
    clarification: null,
    errors,
    intent: null,
    table: null,
  };
}
