/** Normalized form of an entity name/alias for matching: lower case, no punctuation, no legal suffixes. */
export function normalizeAlias(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’']s\b/g, '')
    .replace(/[^a-z0-9&]+/g, ' ')
    .replace(/\b(inc|incorporated|corp|corporation|co|company|ltd|limited|plc|llc|sa|ag|nv|the)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
