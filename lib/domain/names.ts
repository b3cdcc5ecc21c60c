/** Words dropped from names before matching: legal forms and a leading article ("The Coca-Cola Company"). */
export const LEGAL_SUFFIXES = [
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'ltd',
  'limited',
  'plc',
  'llc',
  'sa',
  'ag',
  'nv',
  'the',
] as const;

const LEGAL_RE = new RegExp(`\\b(${LEGAL_SUFFIXES.join('|')})\\b`, 'g');

/** Lower case without diacritics (NFKD, combining marks removed); may change the length of the text. */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
}

/**
 * Normalized form of an entity name/alias for matching: lower case, no diacritics, no punctuation, no
 * legal suffixes, no dangling `&` ("JPMorgan Chase & Co." → "jpmorgan chase").
 */
export function normalizeAlias(name: string): string {
  return (
    foldText(name)
      // EDGAR's state-of-incorporation tag: "BANK OF AMERICA CORP /DE/", "COSTCO WHOLESALE CORP /NEW"
      .replace(/\s+\/[a-z]{2,3}\/?\s*$/, '')
      .replace(/[’']s\b/g, '')
      .replace(/[^a-z0-9&]+/g, ' ')
      .replace(LEGAL_RE, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^(?:& ?)+|(?: ?&)+$/g, '')
      .trim()
  );
}

/** Ticker as a lookup key: upper case, share-class separators removed ("BRK.B", "BRK-B", "brk/b" → "BRKB"). */
export function tickerKey(ticker: string): string {
  return ticker.toUpperCase().replace(/[.\-/\s]/g, '');
}
