/**
 * What every narrative pathway writes with: the answer's text (a direct answer of at most
 * `ANSWER_WORDS` words, each quoted sentence followed by its source number "[n]"), the passages it
 * cites (the full passage stays behind the citation), the sections they sit under, and the honest
 * silence of a filing with nothing on the topic. Pathways (detail, comparison, longitudinal) are
 * modules behind `NarrativePathway`.
 */
import type { Db } from '@/lib/db/client';
import type { Role } from '@/lib/db/schema';
import type { EntityRef } from '@/lib/planner/types';
import type { NarrativePassage } from '@/lib/retrieval/narrative-passages';
import type { Bucket } from './narrative-buckets';
import { type Candidate, keyOf, referencedDocument, wordsOf } from './narrative-select';
import type { TopicScorer } from './narrative-sentences';
import { TextBuilder } from './text';
import type { AnswerError, AnswerPassage, NarrativeRedline, NarrativeSection, NarrativeTable } from './types';

/** The most words an answer's text may have: what an analyst reads before judging it. */
export const ANSWER_WORDS = 250;

/** What one bucket (a company's filing or fiscal year) has on the topic. */
export interface Evidence {
  b: Bucket;
  /** sentences that clear the relevance bar, best first (empty when the filing is silent) */
  cands: Candidate[];
  found: boolean;
  /** where the filing comes closest to the topic when it is silent: its best passage's Item and heading */
  closest: { section: string | null; heading: string | null } | null;
  /** a pointer to another document, when that is all the filing has on the topic */
  pointer: Candidate | null;
}

export interface PathwayContext {
  db: Db;
  tenantId: string;
  role: Role | null;
  topic: string;
  sc: TopicScorer;
  evidence: Evidence[];
  writer: NarrativeWriter;
}

export interface PathwayResult {
  table: NarrativeTable | null;
  redlines: NarrativeRedline[];
  /** chunks read beyond the retrieved ones (whole filings a redline aligned against): checked like them */
  read: NarrativePassage[];
}

/** One way of answering (detail, comparison, longitudinal): writes the text and returns its structure. */
export interface NarrativePathway {
  compose(ctx: PathwayContext): Promise<PathwayResult>;
}

/** "Apple Inc.’s 10-K FY2024, filed 2024-11-01" */
export function filingOf(b: Bucket): string {
  return `${b.entity.name}${/s$/i.test(b.entity.name) ? '’' : '’s'} ${b.label}`;
}

function where(x: { section: string | null; heading: string | null }): string {
  const heading = x.heading && !/^item\s/i.test(x.heading) ? x.heading : null;
  return `${x.section ?? 'the filing'}${heading ? ` (“${heading.length > 90 ? `${heading.slice(0, 87)}…` : heading}”)` : ''}`;
}

export class NarrativeWriter {
  readonly tb = new TextBuilder();
  readonly passages: AnswerPassage[] = [];
  readonly sections: NarrativeSection[] = [];
  readonly errors: AnswerError[] = [];
  private readonly byKey = new Map<string, string>();

  constructor(readonly topic: string) {}

  text(s: string): this {
    this.tb.text(s);
    return this;
  }

  words(): number {
    return wordsOf(this.tb.toString());
  }

  /** The passage id of a sentence (one per sentence of a stored chunk), filed under its bucket's section. */
  cite(sentence: Candidate, b: Bucket): string {
    const c = sentence.backing ?? sentence;
    const key = keyOf(c);
    const known = this.byKey.get(key);
    if (known) return known;
    const id = `p${this.passages.length + 1}`;
    this.byKey.set(key, id);
    this.passages.push({
      id,
      entity: b.entity,
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
    let s = this.sections.find(
      (x) => x.entityId === b.entityId && x.filing === b.label && x.item === c.p.section && x.heading === c.p.heading,
    );
    if (!s) {
      s = { entityId: b.entityId, fiscalYear: b.fiscalYear, filing: b.label, item: c.p.section, heading: c.p.heading, passageIds: [] };
      this.sections.push(s);
    }
    s.passageIds.push(id);
    return id;
  }

  /** A quoted sentence (or a unit's title, cited by its passage) and its source number: “…” [n]. */
  quote(c: Candidate, b: Bucket): string {
    const id = this.cite(c.backing ?? c, b);
    this.tb.passage(id, `“${c.text}”`).text(` [${id.slice(1)}] `);
    return id;
  }

  /** One short paragraph of a filing's sentences, in the order given (most relevant first). */
  paragraph(b: Bucket, chosen: Candidate[], lead = `${b.entity.name} (${b.label}): `): void {
    if (!chosen.length) return;
    this.text(lead);
    for (const c of chosen) this.quote(c, b);
    this.text('\n\n');
  }

  /**
   * Honest silence: "<filing> does not discuss <topic>" and the closest section it does have (named,
   * never quoted), or — when all it has is a pointer to a document not held — that pointer.
   */
  silence(e: Evidence): void {
    const doc = e.pointer ? referencedDocument(e.pointer.text) : null;
    if (e.pointer && doc) {
      this.text(
        `${filingOf(e.b)} only refers to another document on “${this.topic}”: ${where(e.pointer.p)} incorporates it by reference from the ${doc}, which is not held.\n\n`,
      );
      this.errors.push({
        code: 'INCORPORATED_BY_REFERENCE',
        message: `${e.b.entity.name} ${e.b.label}: ${where(e.pointer.p)} incorporates “${this.topic}” by reference from the ${doc} (not held)`,
        factIds: [],
      });
      return;
    }
    this.text(
      `${filingOf(e.b)} does not discuss “${this.topic}”${e.closest ? `; the closest section it has is ${where(e.closest)}` : ''}.\n\n`,
    );
    this.errors.push({ code: 'MISSING_PASSAGE', message: `${e.b.entity.name} ${e.b.label}: nothing on “${this.topic}”`, factIds: [] });
  }

  /** A requested filing or year that is not held. */
  notHeld(m: { entity: EntityRef; label: string }): void {
    this.text(`${m.entity.name}: ${m.label} — no such filing is held, so nothing is quoted for it.\n\n`);
  }
}

/** About the words a filing's silence takes ("<filing> does not discuss <topic>; the closest section …"). */
export const SILENCE_WORDS = 30;

/** The words left for each of `n` paragraphs once `used` words are written, each paragraph's lead taken off. */
export function share(used: number, n: number, lead = 8): number {
  return Math.max(40, Math.floor((ANSWER_WORDS - used) / Math.max(1, n)) - lead);
}
