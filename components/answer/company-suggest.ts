export interface Company {
  id: string;
  name: string;
  ticker: string | null;
  aliases: string[];
}

/** The word being typed at the caret (letters, digits, . & - '), with its start offset. */
export function wordAt(text: string, caret: number): { word: string; start: number } {
  let start = caret;
  while (start > 0 && /[\p{L}\p{N}.&'’-]/u.test(text[start - 1]!)) start--;
  return { word: text.slice(start, caret), start };
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Companies matching a typed prefix: ticker first (exact, then prefix), then names and aliases whose
 * start or any word starts with the prefix. At least two characters; at most `limit` results.
 */
export function suggestCompanies(companies: Company[], prefix: string, limit = 6): Company[] {
  const p = norm(prefix);
  if (p.length < 2) return [];
  const scored: { c: Company; score: number }[] = [];
  for (const c of companies) {
    const t = c.ticker ? norm(c.ticker) : '';
    const names = [c.name, ...c.aliases];
    let score = -1;
    if (t && t === p) score = 0;
    else if (t?.startsWith(p)) score = 1;
    else if (names.some((n) => norm(n).startsWith(p))) score = 2;
    else if (names.some((n) => n.split(/\s+/).some((w) => norm(w).startsWith(p)))) score = 3;
    if (score >= 0) scored.push({ c, score });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.c.name.localeCompare(b.c.name))
    .slice(0, limit)
    .map((s) => s.c);
}
