/**
 * Which securities a company has registered on an exchange: "Which debt securities are registered to trade
 * on a national securities exchange under its name?", "What notes does it have listed?". The answer is the
 * Section 12(b) table of its filing's cover page, quoted: the classes registered, and for a question about
 * debt, the notes and bonds among them, or none. A cover whose table cannot be read whole (its end not
 * found, no exchange named in it) gives no answer rather than a guess.
 */
import { coverChunks, type CoverChunk } from '@/lib/retrieval/cover-text';
import { possessive } from '../text';
import type { AnalysisEnv } from './env';
import { MissingFigure, quotedPassage } from './support';

/** The heading of the cover's table of registered securities: "Securities registered pursuant to Section 12(b) of the Act:". */
const SECTION_12B =
  /securities\s+registered\s+pursuant\s+to\s+section\s+12\s*\(\s*b\s*\)\s+of\s+the\s+(?:securities\s+)?(?:exchange\s+)?act(?:\s+of\s+1934)?\s*:/i;
/** What follows the table on every cover: the Section 12(g) line or the first check-mark question. */
const TABLE_END = /securities\s+registered\s+pursuant\s+to\s+section\s+12\s*\(\s*g\s*\)|indicate\s+by\s+check\s+mark/i;
/** An exchange named in the table: without one, the table's rows were printed elsewhere (a layout the text lost). */
const EXCHANGE = /\b(?:stock\s+exchange|nasdaq|nyse|exchange\s+llc|stock\s+market)\b/i;
/** The table's column headings, which are no class of security. */
const HEADINGS =
  /\(?\b(?:title\s+of\s+each\s+class|trading\s+symbol\s*\(?s?\)?|name\s+of\s+each\s+exchange\s+on\s+which\s+registered|name\s+of\s+exchange\s+on\s+which\s+registered|name\s+of\s+each\s+exchange|on\s+which\s+registered)\b\)?/gi;
/** A debt security's title: "1.500% Notes due 2026", "Floating Rate Notes due 2025", "Guarantee of Callable Fixed Rate Notes due June 10, 2032". */
const DEBT_TITLE =
  /(?:\d+(?:\.\d+)?%\s+(?:[A-Z][\w-]*\s+){0,6}?(?:Notes?|Bonds?|Debentures?|ETNs?)\b(?!:)(?:\s+[Dd]ue\s+(?:[A-Z][a-z]+\s+\d{1,2},\s+)?\d{4})?|(?:[A-Z][\w-]*\s+){0,6}?(?:Notes?|Bonds?|Debentures?|ETNs?)\s+[Dd]ue\s+(?:[A-Z][a-z]+\s+\d{1,2},\s+)?\d{4})/g;
const DEBT_WORD = /\b(?:notes?|bonds?|debentures?|etns?|debt)\b/i;

export interface RegisteredTable {
  /** the table's text, headings removed, whitespace normalised */
  text: string;
  /** the chunk the table starts in, and where in it */
  chunk: CoverChunk;
  start: number;
}

/** The Section 12(b) table of one filing's cover, read from its cover chunks (in reading order); null when it cannot be read whole. */
export function registeredTable(chunks: CoverChunk[]): RegisteredTable | null {
  let text = '';
  const starts: { chunk: CoverChunk; at: number }[] = [];
  for (const c of chunks) {
    starts.push({ chunk: c, at: text.length });
    text += `${c.text}\n`;
  }
  const head = SECTION_12B.exec(text);
  if (!head) return null;
  const after = text.slice(head.index + head[0].length);
  const end = TABLE_END.exec(after);
  if (!end) return null;
  const body = after.slice(0, end.index);
  if (!EXCHANGE.test(body)) return null;
  const at = starts.filter((s) => s.at <= head.index).at(-1);
  if (!at) return null;
  const clean = body.replace(HEADINGS, ' ').replace(/\s+/g, ' ').trim();
  return clean ? { text: clean, chunk: at.chunk, start: head.index - at.at } : null;
}

/** The debt securities a table lists, by title. */
export function debtTitles(table: string): string[] {
  // a title without a rate in front starts after the exchange named on the row before it
  return [
    ...new Set(
      [...table.matchAll(DEBT_TITLE)].map((m) => m[0].replace(/^.*\b(?:Exchange|Market|LLC|NYSE|Nasdaq|Arca)\b,?\s+/i, '').trim()),
    ),
  ];
}

export async function registeredSecurities(env: AnalysisEnv): Promise<void> {
  const scope = { tenantId: env.ctx.tenantId, role: env.ctx.role };
  const asked = env.named[0] ?? env.year;
  const chunks = await coverChunks(env.ctx.db, scope, env.ent.entity.id, asked.fiscalYear);
  const bySource = new Map<string, CoverChunk[]>();
  for (const c of chunks) bySource.set(c.sourceId, [...(bySource.get(c.sourceId) ?? []), c]);
  const name = env.ent.entity.name;
  let found: RegisteredTable | null = null;
  for (const cs of bySource.values()) {
    found = registeredTable(cs);
    if (found) break;
  }
  if (!found)
    throw new MissingFigure(`the Section 12(b) table of ${possessive(name)} filing cover for ${asked.label} cannot be read whole`);
  const c = found.chunk;
  const quote = found.text.length > 600 ? `${found.text.slice(0, 600)}…` : found.text;
  const { passage, filing } = quotedPassage(env, c, quote, null);
  const s = env.say;
  if (env.plan.securities === 'debt') {
    const debt = DEBT_WORD.test(found.text) ? debtTitles(found.text) : [];
    if (DEBT_WORD.test(found.text) && debt.length === 0)
      throw new MissingFigure(`the debt securities on ${possessive(name)} cover (${filing}) cannot be told apart`);
    if (debt.length === 0)
      s.text(
        `None — no debt securities are registered under Section 12(b) in ${possessive(name)} ${filing}; the only securities registered there are:`,
      );
    else
      s.text(
        `${debt.length} debt securit${debt.length === 1 ? 'y is' : 'ies are'} registered under Section 12(b) in ${possessive(name)} ${filing}: ${debt.join('; ')}. The table reads:`,
      );
  } else s.text(`The securities registered under Section 12(b) in ${possessive(name)} ${filing}:`);
  s.text(' “').quote(passage).text('”.');
  s.text(
    ' Rule: the securities registered to trade on a national securities exchange are the classes listed in the Section 12(b) table of the filing’s cover page.',
  );
}
