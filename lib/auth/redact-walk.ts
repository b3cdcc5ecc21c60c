/**
 * One visibility rule for stored artefacts (answers, manifests, threads, share links, exports), applied by
 * walking the whole stored structure — never by listing its fields, so a field added tomorrow is covered:
 *
 * 1. Every 64-hex string anywhere is a reference (fact, chunk, source, table, cell, entity, manifest ids).
 *    A reference the viewer may not resolve now — hidden by the visibility predicate, another tenant's, or
 *    unknown (deleted) — is hidden: default deny. A hidden id left anywhere (outside a hidden record too)
 *    becomes `[redacted]`.
 * 2. A hidden reference hides its *record*: the outermost array element it sits in (a value, a passage, a
 *    segment, a table row, a candidate…), else the object holding it. Everything under a hidden record is
 *    replaced: strings by `[redacted]`, numbers and booleans by null, nested objects by null, lists of
 *    records or references emptied (lists of plain values keep their length, each redacted), keeping only structural keys (ids of local records,
 *    types, kinds, entity, period, metric, unit, currency, scope) and marking it `redacted: true`.
 * 3. Local ids defined inside hidden records (`id: "v1"`) are hidden too, and so is every record that refers
 *    to one through a `…Id`/`…Ids` key (segments, table rows, narrative sections…), to a fixed point.
 * 4. Text segment lists (`{type: 'text'|'value'|'passage', text}`[]): in a root with anything hidden, a
 *    sentence holding a hidden segment, or holding no value or passage at all (a sentence derived from the
 *    values as a whole: "It rose in every year shown."), is replaced by `[redacted]`.
 * 5. Free text — strings of records that cite no evidence (answer text, reasons, messages, notes) — is
 *    scrubbed of every number-bearing or long string taken out of a hidden record and of every redacted
 *    sentence; a text that was its sibling segments joined is rebuilt from the redacted segments.
 */

export const REDACTED = '[redacted]';
export const REDACTION_REASON = 'source_not_visible';

const HEX_ID = /^[0-9a-f]{64}$/;
/** keys a hidden record keeps: what the record is and what it is about, never what it says */
const KEEP = new Set(['type', 'kind', 'entity', 'entityId', 'entityName', 'metric', 'metricId', 'period', 'unit', 'currency', 'scope']);
const REFERENCE_KEY = /(Id|Ids)$/;

type Rec = Record<string, unknown>;
/** A plain object (JSON's): dates and other class instances are leaves. */
const isObj = (v: unknown): v is Rec => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

export const isHexId = (s: string): boolean => HEX_ID.test(s);

/** Every 64-hex string in `node`, at any depth. */
export function collectHexIds(node: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof node === 'string') {
    if (HEX_ID.test(node)) out.add(node);
  } else if (Array.isArray(node)) {
    for (const x of node) collectHexIds(x, out);
  } else if (isObj(node)) {
    for (const v of Object.values(node)) collectHexIds(v, out);
  }
  return out;
}

/**
 * What a 64-hex reference is to the viewer: `hidden` (the predicate hides it, or it is unknown), `evidence`
 * (a fact, passage, source, table or cell the viewer may see) or `context` (an entity, a manifest).
 */
export type IdVerdict = 'hidden' | 'evidence' | 'context';

interface Marks {
  hidden: Set<object>;
  /** records citing evidence (a visible evidence id or a local id): their strings are evidence, not free text */
  citing: Set<object>;
}

/**
 * Visit every string held directly (or in an array of strings) by an object of `root`, with the record it
 * belongs to: the outermost array element above it, else the object itself (`inArray` false).
 */
function visitStrings(root: unknown, visit: (record: object, inArray: boolean, key: string, value: string) => void): void {
  const walk = (node: unknown, record: object | null) => {
    if (Array.isArray(node)) {
      for (const x of node) if (isObj(x) || Array.isArray(x)) walk(x, record ?? (x as object));
      return;
    }
    if (!isObj(node)) return;
    for (const [k, v] of Object.entries(node)) {
      if (typeof v === 'string') visit(record ?? node, record !== null, k, v);
      else if (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string'))
        for (const s of v) visit(record ?? node, record !== null, k, s as string);
      else if (Array.isArray(v) || isObj(v)) walk(v, record);
    }
  };
  walk(root, null);
}

/** Local (non-hex) ids defined under `id` keys anywhere inside `node`. */
function localIdsIn(node: unknown, out: Set<string>): void {
  if (Array.isArray(node)) for (const x of node) localIdsIn(x, out);
  else if (isObj(node)) {
    for (const [k, v] of Object.entries(node)) {
      if (k === 'id' && typeof v === 'string' && !HEX_ID.test(v)) out.add(v);
      else if (typeof v === 'object' && v !== null) localIdsIn(v, out);
    }
  }
}

/** Which records of `root` are hidden (rules 1–3) and which cite evidence. */
function markRoot(root: unknown, verdict: (id: string) => IdVerdict): Marks {
  const hidden = new Set<object>();
  const citing = new Set<object>();
  visitStrings(root, (record, inArray, key, value) => {
    if (HEX_ID.test(value)) {
      const v = verdict(value);
      if (v === 'hidden') hidden.add(record);
      else if (v === 'evidence' && inArray) citing.add(record);
    } else if (inArray && REFERENCE_KEY.test(key)) citing.add(record);
  });
  // local ids of hidden records hide the records referring to them, until nothing changes
  for (let round = 0; round < 8; round++) {
    const local = new Set<string>();
    for (const r of hidden) localIdsIn(r, local);
    if (local.size === 0) break;
    const before = hidden.size;
    visitStrings(root, (record, _inArray, key, value) => {
      if (REFERENCE_KEY.test(key) && local.has(value)) hidden.add(record);
    });
    if (hidden.size === before) break;
  }
  return { hidden, citing };
}

/** A string worth scrubbing from free text once it was taken out of a hidden record: numbers, dates, long text. */
function isSecret(s: string): boolean {
  const t = s.trim();
  return t !== REDACTED && ((t.match(/\d/g)?.length ?? 0) >= 3 || t.length >= 40);
}

/** A number worth scrubbing: not a year, page, version or count (integers of up to four digits). */
function isSecretNumber(n: number): boolean {
  if (!Number.isFinite(n)) return false;
  const digits = String(n).replace(/\D/g, '').length;
  return Number.isInteger(n) ? digits >= 5 : digits >= 3;
}

/** The hidden record as the viewer gets it (rule 2); what it held goes to `secrets`. */
function redactRecord(node: Rec, secrets: Set<string>): Rec {
  const out: Rec = {};
  const take = (v: unknown): void => {
    if (typeof v === 'string') {
      if (isSecret(v)) secrets.add(v.trim());
    } else if (typeof v === 'number') {
      if (isSecretNumber(v)) secrets.add(String(v));
    } else if (Array.isArray(v)) v.forEach(take);
    else if (isObj(v)) for (const [k, x] of Object.entries(v)) if (!KEEP.has(k)) take(x);
  };
  for (const [k, v] of Object.entries(node)) {
    if (KEEP.has(k) || (k === 'id' && typeof v === 'string' && !HEX_ID.test(v))) {
      out[k] = v;
      continue;
    }
    take(v);
    if (typeof v === 'string') out[k] = REDACTED;
    else if (typeof v === 'number' || typeof v === 'boolean') out[k] = null;
    // lists of references and of records go empty; lists of plain values (table cells) keep their length
    else if (Array.isArray(v))
      out[k] = v.every((x) => !isObj(x) && !Array.isArray(x) && !(typeof x === 'string' && HEX_ID.test(x)))
        ? v.map((x) => (typeof x === 'string' ? REDACTED : null))
        : [];
    else if (isObj(v)) out[k] = null;
    else out[k] = v;
  }
  return { ...out, redacted: true, redactedBecause: REDACTION_REASON };
}

type Segment = Rec & { type: string; text: string };
const SEGMENT_TYPES = new Set(['text', 'value', 'passage']);
function isSegmentList(v: unknown[]): v is Segment[] {
  return v.length > 0 && v.every((s) => isObj(s) && typeof s.type === 'string' && SEGMENT_TYPES.has(s.type) && typeof s.text === 'string');
}

const SENTENCE_END = /[.!?][”’"')\]]*\s+$/;

/** Sentences of a segment list: text segments are cut after `.`, `!` or `?` (and a closing quote) followed by space. */
function sentencesOf(segments: Segment[]): Segment[][] {
  const sentences: Segment[][] = [];
  let cur: Segment[] = [];
  for (const s of segments) {
    if (s.type !== 'text' || s.redacted === true) {
      cur.push(s);
      continue;
    }
    for (const piece of s.text.split(/(?<=[.!?][”’"')\]]*\s+)/)) {
      if (!piece) continue;
      cur.push({ ...s, text: piece });
      if (SENTENCE_END.test(piece)) {
        sentences.push(cur);
        cur = [];
      }
    }
  }
  if (cur.length) sentences.push(cur);
  return sentences;
}

/**
 * Rule 4 over an already rebuilt segment list (hidden segments carry `redacted: true`): hidden and derived
 * sentences become one `[redacted]`; their text goes to `secrets`.
 */
function redactSentences(segments: Segment[], secrets: Set<string>, count: () => void): Segment[] {
  const out: Segment[] = [];
  for (const sentence of sentencesOf(segments)) {
    const hasHidden = sentence.some((s) => s.redacted === true);
    const cites = sentence.some((s) => s.type !== 'text');
    if (!hasHidden && cites) {
      out.push(...sentence);
      continue;
    }
    const text = sentence.map((s) => s.text).join('');
    if (isSecret(text) || text.trim().length >= 12) secrets.add(text.trim());
    count();
    const trailing = /\s*$/.exec(text)?.[0] ?? '';
    const last = out[out.length - 1];
    if (last?.redacted === true && last.type === 'text') last.text = `${REDACTED}${trailing || ' '}`;
    else out.push({ type: 'text', text: `${REDACTED}${trailing}`, redacted: true });
  }
  return out;
}

/** Replace every secret in free text (longest first), not inside a longer number. */
function scrub(text: string, secrets: string[]): string {
  let out = text;
  for (const s of secrets) {
    if (!out.includes(s)) continue;
    const esc = s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(new RegExp(`(?<![\\d.,])${esc}(?!\\d|[.,]\\d)`, 'g'), REDACTED);
  }
  return out;
}

/**
 * The roots (each key one stored structure: an answer, a manifest's candidates…) as a viewer may see them
 * now. `verdict(id)` classifies a 64-hex reference (unknown ids must be `hidden`). Pure: inputs unchanged.
 */
export function redactRoots<T extends Rec>(roots: T, verdict: (id: string) => IdVerdict): { value: T; parts: number } {
  const marks = Object.entries(roots).map(([k, v]) => ({ k, v, m: markRoot(v, verdict) }));
  const hiddenLeaf = (s: string) => HEX_ID.test(s) && verdict(s) === 'hidden';
  if (!marks.some((x) => x.m.hidden.size > 0) && ![...collectHexIds(roots)].some(hiddenLeaf)) return { value: roots, parts: 0 };

  const secrets = new Set<string>();
  let parts = 0;
  // free-text strings, fixed up once every hidden record and sentence has given its secrets
  const free: { holder: Rec; key: string; joined: boolean }[] = [];
  const rebuild = (node: unknown, m: Marks, isFree: boolean): unknown => {
    if (typeof node === 'string') return hiddenLeaf(node) ? REDACTED : node;
    if (Array.isArray(node)) {
      // segment texts are judged sentence by sentence (rule 4), not scrubbed
      const segments = isSegmentList(node);
      const items = node.map((x) => rebuild(x, m, isFree && !segments && !(isObj(x) && m.citing.has(x))));
      return m.hidden.size > 0 && segments ? redactSentences(items as Segment[], secrets, () => parts++) : items;
    }
    if (!isObj(node)) return node;
    if (m.hidden.has(node)) {
      parts++;
      return redactRecord(node, secrets);
    }
    const out: Rec = {};
    for (const [k, v] of Object.entries(node)) {
      out[k] = rebuild(v, m, isFree);
      if (isFree && typeof v === 'string' && !HEX_ID.test(v)) free.push({ holder: out, key: k, joined: joinsSegments(node, k) });
    }
    return out;
  };
  const value: Rec = {};
  for (const { k, v, m } of marks) value[k] = rebuild(v, m, true);

  const ordered = [...secrets].sort((a, b) => b.length - a.length);
  for (const f of free) {
    const current = f.holder[f.key];
    if (typeof current !== 'string') continue;
    const segs = f.holder.segments;
    f.holder[f.key] = f.joined && Array.isArray(segs) ? joinedText(segs as Segment[]) : scrub(current, ordered);
  }
  return { value: value as T, parts };
}

/** Segment texts joined as an answer's text is: spaces collapsed, trimmed. */
const joinedText = (segs: Segment[]): string =>
  segs
    .map((s) => s.text)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();

/** Whether `node[key]` is the text of its sibling `segments` (an answer's text), up to white space. */
function joinsSegments(node: Rec, key: string): boolean {
  const segs = node.segments;
  const text = node[key];
  if (key === 'segments' || typeof text !== 'string' || !Array.isArray(segs) || !isSegmentList(segs)) return false;
  return text.replace(/\s+/g, ' ').trim() === joinedText(segs);
}
