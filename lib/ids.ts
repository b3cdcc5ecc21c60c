import { createHash } from 'node:crypto';

/** Deterministic id: sha256 (hex) over the JSON of the parts, so re-ingesting yields the same ids. */
export function contentId(...parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Canonical JSON with sorted keys (for dimension maps). */
export function canonicalJson(value: Record<string, string>): string {
  const keys = Object.keys(value).sort();
  if (keys.length === 0) return '';
  return JSON.stringify(keys.map((k) => [k, value[k]]));
}
