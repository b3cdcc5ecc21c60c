/**
 * Manifests under the visibility predicate: a stored manifest holds values, candidate and rejected facts,
 * operands, calculations, passages and text taken from sources as they were visible when the question was
 * asked. At read time every part that rests on a fact or passage the viewer may not see *now* (other
 * tenant, source ACL, revocation, embargo — the same predicate as facts, lib/auth/visibility.ts) is
 * replaced by a marked redaction; the manifest itself stays listed. Used by every read of manifest
 * content (the review page, the JSON export); the visibility scan test fails on a read that skips it.
 */
import { and, inArray } from 'drizzle-orm';
import { chunkVisible, factVisible, type VisibilityScope } from '@/lib/auth/visibility';
import type { Db } from '@/lib/db/client';
import { chunks, facts } from '@/lib/db/schema';
import type { Answer, AnswerPassage, AnswerValue } from '@/lib/answer/types';

export const REDACTED = '[redacted]';
export const REDACTION_REASON = 'source_not_visible';

/** What a redacted part carries instead of its content. */
export interface RedactionMark {
  redacted: true;
  redactedBecause: typeof REDACTION_REASON;
}

export interface ManifestContent {
  answer: unknown;
  candidates: unknown[];
  rejected: unknown[];
  operands: unknown[];
  calculations: unknown[];
}

export interface RedactionSummary {
  /** parts replaced: values, passages, candidates, rejected entries, operands, calculations, errors */
  parts: number;
  /** the referenced facts and passages the viewer may not see */
  hiddenFacts: number;
  hiddenPassages: number;
}

const mark: RedactionMark = { redacted: true, redactedBecause: REDACTION_REASON };
const BATCH = 1000;

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];

/** Every fact id a value rests on: its own, its inputs', its citations'. */
/** A stored manifest's answer: written by storeManifest as an Answer; older versions may lack fields (read with `?? []`). */
function isStoredAnswer(x: unknown): x is Answer {
  return isRec(x);
}

function valueFactIds(value: object): string[] {
  const v = value as Rec;
  const ids = [...strings(v.factIds)];
  for (const c of Array.isArray(v.citations) ? v.citations : []) if (isRec(c)) ids.push(...strings(c.factId));
  for (const i of Array.isArray(v.inputs) ? v.inputs : []) if (isRec(i)) ids.push(...valueFactIds(i));
  return ids;
}

function lookupKey(l: unknown): string {
  return isRec(l) ? JSON.stringify([l.entityId, l.metricId, l.period]) : '';
}

/** Fact and chunk ids referenced anywhere in the manifest's content. */
function references(c: ManifestContent): { factIds: Set<string>; chunkIds: Set<string> } {
  const factIds = new Set<string>();
  const chunkIds = new Set<string>();
  const answer = isRec(c.answer) ? c.answer : {};
  for (const v of Array.isArray(answer.values) ? answer.values : []) if (isRec(v)) valueFactIds(v).forEach((id) => factIds.add(id));
  for (const e of Array.isArray(answer.errors) ? answer.errors : []) if (isRec(e)) strings(e.factIds).forEach((id) => factIds.add(id));
  for (const p of Array.isArray(answer.passages) ? answer.passages : []) if (isRec(p)) strings(p.chunkId).forEach((id) => chunkIds.add(id));
  for (const x of c.candidates) if (isRec(x)) strings(x.id).forEach((id) => factIds.add(id));
  for (const x of c.rejected) {
    if (!isRec(x)) continue;
    strings(x.factId).forEach((id) => factIds.add(id));
    for (const e of Array.isArray(x.errors) ? x.errors : []) if (isRec(e)) strings(e.factIds).forEach((id) => factIds.add(id));
  }
  for (const x of c.operands) if (isRec(x)) strings(x.factId).forEach((id) => factIds.add(id));
  for (const x of c.calculations) {
    if (!isRec(x)) continue;
    strings(x.operandFactIds).forEach((id) => factIds.add(id));
    for (const e of Array.isArray(x.errors) ? x.errors : []) if (isRec(e)) strings(e.factIds).forEach((id) => factIds.add(id));
  }
  return { factIds, chunkIds };
}

async function visibleIds(
  db: Db,
  scope: VisibilityScope,
  factIds: string[],
  chunkIds: string[],
): Promise<{ facts: Set<string>; chunks: Set<string> }> {
  const out = { facts: new Set<string>(), chunks: new Set<string>() };
  for (let i = 0; i < factIds.length; i += BATCH) {
    const rows = await db
      .select({ id: facts.id })
      .from(facts)
      .where(and(inArray(facts.id, factIds.slice(i, i + BATCH)), factVisible(scope)));
    for (const r of rows) out.facts.add(r.id);
  }
  for (let i = 0; i < chunkIds.length; i += BATCH) {
    const rows = await db
      .select({ id: chunks.id })
      .from(chunks)
      .where(and(inArray(chunks.id, chunkIds.slice(i, i + BATCH)), chunkVisible(scope)));
    for (const r of rows) out.chunks.add(r.id);
  }
  return out;
}

/**
 * The manifest content as the viewer in `scope` may see it now: parts resting on invisible facts or
 * passages are replaced by `{ redacted: true, reason }` marks (answer values and passages keep their
 * shape with `[redacted]` text, so the review page and exports still render), and the answer text is
 * rebuilt from its segments with the hidden numbers and quotes replaced.
 */
export async function redactManifest<T extends ManifestContent>(
  db: Db,
  scope: VisibilityScope,
  content: T,
): Promise<T & { redaction: RedactionSummary }> {
  const refs = references(content);
  const visible = await visibleIds(db, scope, [...refs.factIds], [...refs.chunkIds]);
  const hiddenFact = (id: string) => !visible.facts.has(id);
  const anyHidden = (ids: string[]) => ids.some(hiddenFact);
  let parts = 0;
  const redact = <X>(_x: X, keep: Rec = {}): X => {
    parts++;
    return { ...keep, ...mark } as X;
  };

  // lookups whose candidates include a hidden fact: their free-text reasons may quote its value
  const tainted = new Set<string>();
  for (const x of content.candidates) if (isRec(x) && anyHidden(strings(x.id))) tainted.add(lookupKey(x.lookup));

  const candidates = content.candidates.map((x) => (isRec(x) && anyHidden(strings(x.id)) ? redact(x, { lookup: x.lookup }) : x));
  const rejected = content.rejected.map((x) => {
    if (!isRec(x)) return x;
    const errorIds = (Array.isArray(x.errors) ? x.errors : []).flatMap((e) => (isRec(e) ? strings(e.factIds) : []));
    if (anyHidden([...strings(x.factId), ...errorIds])) return redact(x, { kind: x.kind, code: x.code, op: x.op });
    if (x.kind === 'lookup' && tainted.has(lookupKey(x))) {
      parts++;
      return { ...x, reason: REDACTED, ...mark };
    }
    return x;
  });
  const operands = content.operands.map((x) =>
    isRec(x) && anyHidden(strings(x.factId)) ? redact(x, { entityId: x.entityId, metricId: x.metricId, period: x.period }) : x,
  );
  const calculations = content.calculations.map((x) => {
    if (!isRec(x)) return x;
    const ids = [
      ...strings(x.operandFactIds),
      ...(Array.isArray(x.errors) ? x.errors : []).flatMap((e) => (isRec(e) ? strings(e.factIds) : [])),
    ];
    return anyHidden(ids) ? redact(x, { op: x.op, ok: x.ok }) : x;
  });

  let answer = content.answer;
  if (isStoredAnswer(answer)) {
    const a = answer;
    const hiddenValues = new Set<string>();
    const values = (a.values ?? []).map((v): AnswerValue => {
      if (!anyHidden(valueFactIds(v))) return v;
      hiddenValues.add(v.id);
      for (const i of v.inputs ?? []) hiddenValues.add(i.id); // segments cite inputs by their own ids
      parts++;
      return {
        ...v,
        ...mark,
        value: Number.NaN,
        display: REDACTED,
        formula: null,
        factIds: [],
        citations: [],
        inputs: [],
        flags: [],
        otherVersions: false,
      };
    });
    const hiddenPassages = new Set<string>();
    const passages = (a.passages ?? []).map((p): AnswerPassage => {
      if (visible.chunks.has(p.chunkId)) return p;
      hiddenPassages.add(p.id);
      parts++;
      return { ...p, ...mark, quote: REDACTED, heading: null, section: null, sourceTitle: REDACTED, span: null, page: null };
    });
    const errors = (a.errors ?? []).map((e) => {
      if (!anyHidden(strings(e.factIds))) return e;
      parts++;
      return { ...e, ...mark, message: REDACTED, factIds: [] };
    });
    const changedText = hiddenValues.size > 0 || hiddenPassages.size > 0;
    const segments = (a.segments ?? []).map((s) =>
      (s.type === 'value' && hiddenValues.has(s.valueId)) || (s.type === 'passage' && hiddenPassages.has(s.passageId))
        ? { ...s, text: REDACTED }
        : s,
    );
    const table = a.table
      ? {
          ...a.table,
          rows: a.table.rows.map((r) =>
            hiddenValues.has(r.valueId) ? { ...r, cells: r.cells.map((c, i) => (i === 0 ? c : REDACTED)) } : r,
          ),
        }
      : a.table;
    const hidden = (id: string | null) => id !== null && hiddenPassages.has(id);
    const n = a.narrative;
    const narrative =
      n && hiddenPassages.size
        ? {
            ...n,
            sections: n.sections.map((x) =>
              x.passageIds.length > 0 && x.passageIds.every(hidden) ? { ...x, heading: REDACTED, item: null } : x,
            ),
            redlines: n.redlines.map((r) => ({
              ...r,
              entries: r.entries.map((e) =>
                hidden(e.beforePassageId) || hidden(e.afterPassageId) ? (parts++, { ...e, ...mark, heading: REDACTED, diff: null }) : e,
              ),
            })),
            check: { ...n.check, removed: n.check.removed.map((x) => (hidden(x.passageId) ? { ...x, reason: REDACTED } : x)) },
          }
        : n;
    answer = {
      ...a,
      ...(narrative ? { narrative } : {}),
      values,
      passages,
      errors,
      segments,
      table,
      // the stored text quotes the hidden numbers too: rebuild it from the (redacted) segments
      text: changedText ? segments.map((s) => s.text).join('') : a.text,
    };
  }
  return {
    ...content,
    answer,
    candidates,
    rejected,
    operands,
    calculations,
    redaction: {
      parts,
      hiddenFacts: [...refs.factIds].filter(hiddenFact).length,
      hiddenPassages: [...refs.chunkIds].filter((id) => !visible.chunks.has(id)).length,
    },
  };
}
