/**
 * The local embedder: a deterministic, versioned hashed n-gram projection (feature hashing of word
 * unigrams/bigrams and character trigrams into 256 signed dimensions, sublinear term weights, L2
 * normalised). No weights are downloaded; the same text always gives the same vector. It implements
 * the AI SDK embedding-model interface, so a configured provider can replace it.
 */
import type { EmbeddingModelV3 } from '@ai-sdk/provider';
import { EMBEDDING_DIMENSIONS } from '@/lib/db/schema/chunks';

export const LOCAL_EMBEDDING_MODEL_ID = `ll-hash-ngram-${EMBEDDING_DIMENSIONS}-v1`;

const STOP = new Set(
  'a an the and or of to in on for by with as at from is are was were be been being it its this that these those which who whom what when where how why did does do has have had not no but if than then so such into over under about between during our we us their they them he she his her you your i'.split(
    ' ',
  ),
);

/** Light stemming so that "customers"/"customer", "declined"/"decline" share features. */
export function stem(w: string): string {
  if (w.length <= 4) return w;
  return w.replace(/(ies)$/, 'y').replace(/(ing|ed|es|s)$/, '');
}

export function tokenize(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .match(/[a-z0-9]+(?:['’][a-z]+)?/g) ?? []
  )
    .map((w) => w.replace(/['’].*$/, ''))
    .filter((w) => w.length > 1 && !STOP.has(w))
    .map(stem);
}

/** FNV-1a 32-bit */
function fnv1a(s: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export function embedText(text: string, dims = EMBEDDING_DIMENSIONS): number[] {
  const v = new Float64Array(dims);
  const counts = new Map<string, number>();
  const add = (f: string, w: number) => counts.set(f, (counts.get(f) ?? 0) + w);
  const toks = tokenize(text);
  for (let i = 0; i < toks.length; i++) {
    add(`w:${toks[i]}`, 1);
    if (i + 1 < toks.length) add(`b:${toks[i]}_${toks[i + 1]}`, 0.7);
    const t = `#${toks[i]}#`;
    for (let j = 0; j + 3 <= t.length; j++) add(`c:${t.slice(j, j + 3)}`, 0.25);
  }
  for (const [f, c] of counts) {
    const h = fnv1a(f);
    const sign = fnv1a(f, 0x9747b28c) & 1 ? 1 : -1;
    v[h % dims]! += sign * (1 + Math.log(c));
  }
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  return Array.from(v, (x) => Math.round((x / norm) * 1e6) / 1e6);
}

/** The local embedder as an AI SDK embedding model. */
export const localEmbeddingModel: EmbeddingModelV3 = {
  specificationVersion: 'v3',
  provider: 'ledgerline-local',
  modelId: LOCAL_EMBEDDING_MODEL_ID,
  maxEmbeddingsPerCall: 2048,
  supportsParallelCalls: true,
  async doEmbed({ values }) {
    return {
      embeddings: values.map((v) => embedText(v)),
      usage: { tokens: values.reduce((a, v) => a + tokenize(v).length, 0) },
      warnings: [],
    };
  },
};

/** The embedding model in use: the local one unless a provider is configured (see lib/ai). */
export function embeddingModel(): EmbeddingModelV3 {
  return localEmbeddingModel;
}

export function toPgVector(v: number[]): string {
  return `[${v.join(',')}]`;
}
