/**
 * The longitudinal pathway: for each company, what changed on the topic between its earliest and
 * latest filing asked about — sentences added, removed (in a later 10-Q: not repeated) and reworded,
 * a reworded one with its word-level redline and its numbers compared as numbers ("$0.25 → $0.26,
 * up"), both filings cited. The text lists the changes most relevant first; a company with one
 * filing on the topic gets that filing's paragraph and the reason there is no change to show.
 */
import type { Db } from '@/lib/db/client';
import type { Role } from '@/lib/db/schema';
import type { NarrativePassage } from '@/lib/retrieval/narrative-passages';
import type { Bucket } from './narrative-buckets';
import { type Evidence, type NarrativePathway, type NarrativeWriter, SILENCE_WORDS, share } from './narrative-compose';
import { parsedFilings } from './narrative-filings';
import { compareNumbers, redline, type RedlineSentence } from './narrative-redline';
import { type Candidate, keyOf, pick, RELEVANCE_BAR } from './narrative-select';
import { ANSWER_WORDS } from './narrative-compose';
import type { NarrativeRedline } from './types';

/** topic sentences of each filing the redline aligns, and the changes it lists (most relevant first) */
const REDLINE_SENTENCES = 40;
const REDLINE_ENTRIES = 20;

type Line = RedlineSentence & { c: Candidate };
type Change = NarrativeRedline['entries'][number] & { before: Candidate | null; after: Candidate | null; weight: number };

const asLine = (c: Candidate): Line => ({ text: c.text, heading: c.p.heading, section: c.p.section, passageId: null, stems: c.stems, c });

/**
 * Every sentence of a bucket's filings (parsed once per filing), as candidates of their whole chunk —
 * of the bucket's fiscal year only (a document that holds several years' reports is several filings).
 */
async function wholeFilings(
  ctx: { db: Db; tenantId: string; role: Role | null },
  b: Bucket,
  sourceIds: string[],
  read: NarrativePassage[],
): Promise<Line[]> {
  const lines: Line[] = [];
  for (const f of await parsedFilings(ctx.db, ctx.tenantId, ctx.role, sourceIds)) {
    for (const p of f.passages) if (p.fiscalYear === b.fiscalYear && !read.some((x) => x.id === p.id)) read.push(p);
    for (const s of f.sentences)
      if (s.p.fiscalYear === b.fiscalYear)
        lines.push(asLine({ p: s.p, text: s.text, start: s.start, end: s.end, score: 0, stems: s.stems, rank: 99 }));
  }
  return lines;
}

/** The changes on the topic between one company's earliest and latest filing, aligned against both whole filings. */
async function changesBetween(
  ctx: { db: Db; tenantId: string; role: Role | null },
  first: Evidence,
  last: Evidence,
  read: NarrativePassage[],
): Promise<{ changes: Change[]; unchanged: number; basis: NonNullable<NarrativeRedline['basis']> }> {
  // (sentences only: a unit's title is aligned as the heading it is, not as a sentence of its text)
  const top = (cs: Candidate[]) => cs.filter((c) => c.score >= RELEVANCE_BAR && !c.backing).slice(0, REDLINE_SENTENCES);
  const before = top(first.cands);
  const after = top(last.cands);
  const [beforeFull, afterFull] = await Promise.all([
    wholeFilings(ctx, first.b, [...new Set(before.map((c) => c.p.sourceId))], read),
    wholeFilings(ctx, last.b, [...new Set(after.map((c) => c.p.sourceId))], read),
  ]);
  const inOrder = (cs: Candidate[]) => [...cs].sort((a, b) => a.p.ordinal - b.p.ordinal || a.start - b.start).map(asLine);
  const entries = redline<Line>(inOrder(before), inOrder(after), { afterFull, beforeFull });
  const changes: Change[] = entries
    .filter((e) => e.kind !== 'unchanged')
    .map((e) => ({
      kind: e.kind as Change['kind'],
      heading: e.heading,
      beforePassageId: null,
      afterPassageId: null,
      diff: e.diff,
      before: e.before?.c ?? null,
      after: e.after?.c ?? null,
      // what matters most first: the later wording's topic score (the earlier one's for what went)
      weight: e.after && e.after.c.score > 0 ? e.after.c.score : (e.before?.c.score ?? 0),
      ...(e.kind === 'modified' && e.before && e.after ? { numbers: compareNumbers(e.before.text, e.after.text) } : {}),
    }));
  changes.sort((x, y) => y.weight - x.weight);
  return {
    changes: changes.slice(0, REDLINE_ENTRIES),
    unchanged: entries.length - changes.length,
    basis: { beforeSentences: beforeFull.length, afterSentences: afterFull.length, topicSentences: [before.length, after.length] },
  };
}

const ARROW = { up: 'up', down: 'down', same: 'unchanged' } as const;
/** what a sentence that changed gains over one that stayed, in the paragraphs of what each filing says */
const CHANGED = 2;
/**
 * A later filing's own statement that the topic did not change ("there have been no material changes to
 * the Company's risk factors since the 2024 Form 10-K") answers what changed directly: it is read first.
 */
const NO_CHANGE = /\bno material (?:changes?|updates?)\b/i;
const UNCHANGED_SAID = 2 * CHANGED;
/** words kept for the numbers compared (three comparisons at most) */
const NUMBER_WORDS = 16;

/**
 * What changed, as read: a line that counts the changes, then what the later filing says now and what
 * the earlier one said — each the most relevant sentences, those that changed first — and the numbers
 * of reworded sentences compared.
 */
function writeChanges(w: NarrativeWriter, rl: NarrativeRedline, changes: Change[], first: Evidence, last: Evidence, words: number): void {
  const count = (k: string) => changes.filter((c) => c.kind === k).length;
  const gone = rl.partialLater ? 'not repeated in the later filing' : 'removed';
  const start = w.words();
  w.text(
    `${first.b.entity.name}, from ${first.b.label} to ${last.b.label}, on “${w.topic}”: ${count('added')} sentence(s) added, ${count('modified')} reworded, ${count('removed')} ${gone}, ${rl.unchanged} unchanged.\n\n`,
  );
  const changed = (side: 'before' | 'after') =>
    new Set(changes.flatMap((c) => (c[side] && c.kind !== (side === 'after' ? 'removed' : 'added') ? [keyOf(c[side])] : [])));
  const first_ = (cs: Candidate[], keys: Set<string>, later = false) =>
    cs
      .map((c) => {
        const gain = (keys.has(keyOf(c)) ? CHANGED : 0) + (later && NO_CHANGE.test(c.text) ? UNCHANGED_SAID : 0);
        return gain ? { ...c, score: c.score + gain, order: (c.order ?? c.score) + gain } : c;
      })
      .sort((a, b) => b.score - a.score);
  // (each paragraph's lead takes about 6 words, the numbers compared at most NUMBER_WORDS)
  const half = Math.max(40, Math.floor((words - (w.words() - start) - NUMBER_WORDS) / 2) - 6);
  const now = pick(first_(last.cands, changed('after'), true), { words: half });
  w.paragraph(last.b, now, `Now (${last.b.label}): `);
  w.paragraph(first.b, pick(first_(first.cands, changed('before')), { words: half }), `Before (${first.b.label}): `);
  const shown = new Set(now.map(keyOf));
  const nums = changes.flatMap((c) => (c.after && shown.has(keyOf(c.after)) ? (c.numbers ?? []) : [])).slice(0, 3);
  if (nums.length) w.text(`Numbers compared: ${nums.map((n) => `${n.before} → ${n.after} (${ARROW[n.change]})`).join('; ')}.\n\n`);
}

export const longitudinalPathway: NarrativePathway = {
  async compose(ctx) {
    const { evidence, writer } = ctx;
    const read: NarrativePassage[] = [];
    const redlines: NarrativeRedline[] = [];
    const entities = [...new Set(evidence.map((e) => e.b.entityId))];
    const words = Math.floor(ANSWER_WORDS / entities.length);
    for (const id of entities) {
      const mine = evidence.filter((e) => e.b.entityId === id).sort((a, b) => a.b.order.localeCompare(b.b.order));
      const present = mine.filter((e) => e.found);
      if (present.length < 2) {
        const each = share(SILENCE_WORDS * (mine.length - present.length), present.length) - (ANSWER_WORDS - words);
        for (const e of present) writer.paragraph(e.b, pick(e.cands, { words: Math.max(40, each) }));
        for (const e of mine) if (!e.found) writer.silence(e);
        if (present.length === 1 && mine.length >= 2)
          writer.text('Only one of the filings asked about addresses the topic, so there is no change to show.\n\n');
        continue;
      }
      const first = present[0];
      const last = present.at(-1);
      if (!first || !last) continue;
      const { changes, unchanged, basis } = await changesBetween(ctx, first, last, read);
      const rl: NarrativeRedline = {
        entityId: first.b.entityId,
        entityName: first.b.entity.name,
        from: first.b.label,
        to: last.b.label,
        partialLater: /^10-Q/i.test(last.b.form ?? '') && !/^10-Q/i.test(first.b.form ?? ''),
        basis,
        entries: [],
        unchanged,
      };
      writeChanges(writer, rl, changes, first, last, words);
      rl.entries = changes.map(({ before, after, weight: _w, ...e }) => ({
        ...e,
        beforePassageId: before ? writer.cite(before, first.b) : null,
        afterPassageId: after ? writer.cite(after, last.b) : null,
      }));
      redlines.push(rl);
    }
    return { table: null, redlines, read };
  },
};
