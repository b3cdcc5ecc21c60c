/**
 * One pass over an inline XBRL (XHTML) filing, or a plain HTML filing: the XBRL facts (ix:nonFraction
 * with contextRef, unitRef, scale, sign, format, decimals; hidden facts; dei cover facts, including
 * their ix:continuation text), contexts and units from ix:resources, the tables (cells with their
 * grid positions, text, character spans and the facts tagged in them), and the narrative as text
 * blocks with character spans.
 */
import { Parser } from 'htmlparser2';
import { ingestError, lineColumn } from '../errors';
import type { CoverFacts } from '../xbrl/model';
import { ContextUnitCollector, IX_NAMESPACES, NamespaceScope, recordCover } from '../xbrl/model';
import type { TaggedFact, XbrlDocument } from '../xbrl/instance';
import { isDataTable, layoutText } from './tables';
import { nonFractionValue } from './transform';

export interface TextBlock {
  text: string;
  start: number;
  end: number;
  /** all (≥ 90%) of the block's text is bold (b/strong or font-weight ≥ 600): headings, risk factor titles */
  bold?: boolean;
  /** all (≥ 90%) of the block's text is italic (i/em or font-style: italic): with bold, a heading one level down ("Antitrust Matters" under "Legal Matters") */
  italic?: boolean;
  /**
   * a run-in heading: the block opens with bold text and goes on in regular type ("**Data privacy and
   * security concerns … could harm our reputation.** Computer viruses, …"): that bold lead, and the
   * source offset where it ends
   */
  lead?: { text: string; end: number };
}

/** Italic from the element itself (tag or inline style), else null = inherit. */
function italicOf(tag: string, style: string): boolean | null {
  const s = /font-style\s*:\s*([a-z]+)/i.exec(style)?.[1]?.toLowerCase();
  if (s) return s === 'italic' || s === 'oblique';
  if (tag === 'i' || tag === 'em') return true;
  return null;
}

/** Bold from the element itself (tag or inline style), else null = inherit. */
function boldOf(tag: string, style: string): boolean | null {
  const w = /font-weight\s*:\s*([a-z0-9]+)/i.exec(style)?.[1]?.toLowerCase();
  if (w) return w === 'bold' || w === 'bolder' || (/^\d+$/.test(w) && Number(w) >= 600);
  if (tag === 'b' || tag === 'strong') return true;
  return null;
}

export interface CellDraft {
  text: string;
  colspan: number;
  rowspan: number;
  header: boolean;
  start: number;
  end: number;
  /** indexes into the document's facts */
  facts: number[];
}

export interface TableDraft {
  rows: CellDraft[][];
  start: number;
  end: number;
  /** number of narrative blocks before the table */
  blockIndex: number;
}

export interface HtmlFiling extends XbrlDocument {
  /** true when the document has inline XBRL */
  inline: boolean;
  title: string | null;
  blocks: TextBlock[];
  tables: TableDraft[];
}

const BLOCK = new Set([
  'p',
  'div',
  'li',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'section',
  'article',
  'pre',
  'center',
  'hr',
  'dl',
  'dt',
  'dd',
  'body',
  'tr',
  'table',
  'header',
  'footer',
  'title',
]);
const SKIP = new Set(['script', 'style', 'head']);

function normalizeSpace(s: string): string {
  return s.replace(/[\s\u00a0\u2009\u202f\u200b]+/g, ' ').trim();
}

/**
 * Walks the document. In xmlMode (inline XBRL is XHTML) element names keep their prefixes and are
 * resolved through the namespace declarations; in HTML mode (plain filings) names are lower-cased.
 */
export function parseHtmlFiling(text: string, fileName: string, opts: { xmlMode: boolean }): HtmlFiling {
  const ns = new NamespaceScope();
  const collector = new ContextUnitCollector(ns);
  const facts: TaggedFact[] = [];
  const cover: CoverFacts = {};
  const blocks: TextBlock[] = [];
  const tables: TableDraft[] = [];
  let inline = false;
  let title: string | null = null;
  let titleBuf: string | null = null;
  let nilFacts = 0;
  let error: Error | null = null;

  // element bookkeeping
  const stack: { kind: string; hidden: boolean; table: boolean; bold: boolean; italic: boolean }[] = [];
  let hiddenDepth = 0; // display:none, ix:header, script/style
  let ixHiddenDepth = 0;
  let excludeDepth = 0;
  // the narrative block being collected
  let buf = '';
  let bufStart = -1;
  let bufEnd = -1;
  let bufChars = 0;
  let bufBold = 0;
  let bufItalic = 0;
  // the bold run the block opens with (a run-in heading): its end in `buf` and in the source
  let leadRaw = 0;
  let leadEnd = -1;
  let leadBroken = false;
  // tables (a stack for nested tables)
  const tableStack: { draft: TableDraft; row: CellDraft[] | null; cell: CellDraft | null }[] = [];
  // open numeric facts (nested ix:nonFraction is allowed)
  const openFacts: { attrs: Record<string, string>; concept: string; text: string; offset: number; hidden: boolean; nil: boolean }[] = [];
  // dei cover facts and their continuations
  const openNonNumeric: { concept: string; text: string; continuedAt?: string }[] = [];
  const continuations = new Map<string, { text: string; continuedAt?: string }>();
  const pendingCover: { concept: string; text: string; continuedAt?: string }[] = [];
  const openContinuations: { id: string; text: string; continuedAt?: string }[] = [];

  const flush = () => {
    const t = normalizeSpace(buf);
    if (t) {
      const block: TextBlock = { text: t, start: bufStart, end: bufEnd };
      if (bufChars > 0 && bufBold >= bufChars * 0.9) block.bold = true;
      if (bufChars > 0 && bufItalic >= bufChars * 0.9) block.italic = true;
      if (!block.bold && leadBroken && leadRaw > 0) {
        const lead = normalizeSpace(buf.slice(0, leadRaw));
        if (lead && t.startsWith(lead) && t.length > lead.length) block.lead = { text: lead, end: leadEnd };
      }
      blocks.push(block);
    }
    bufChars = 0;
    bufBold = 0;
    bufItalic = 0;
    leadRaw = 0;
    leadEnd = -1;
    leadBroken = false;
    buf = '';
    bufStart = -1;
    bufEnd = -1;
  };

  const fail = (e: Error) => {
    if (!error) error = e;
    parser.reset();
  };

  const parser: Parser = new Parser(
    {
      onopentag(rawName, attrs) {
        if (error) return;
        ns.push(attrs);
        const q = opts.xmlMode ? ns.resolve(rawName) : { uri: '', local: rawName.toLowerCase(), prefix: '' };
        const isIx = IX_NAMESPACES.has(q.uri) || (!opts.xmlMode && rawName.toLowerCase().startsWith('ix:'));
        const local = isIx && !opts.xmlMode ? rawName.toLowerCase().slice(3) : q.local;
        const style = attrs.style ?? '';
        let kind = 'other';
        let hides = false;
        let pushedTable = false;
        if (isIx) {
          inline = true;
          kind = `ix:${local}`;
          if (local === 'header') hides = true;
          else if (local === 'hidden') ixHiddenDepth++;
          else if (local === 'exclude') excludeDepth++;
          else if (local === 'nonFraction' || local === 'nonfraction') {
            const name = attrs.name ?? '';
            openFacts.push({
              attrs,
              concept: opts.xmlMode ? ns.canonical(name) : name,
              text: '',
              offset: parser.startIndex,
              hidden: ixHiddenDepth > 0,
              nil: attrs['xsi:nil'] === 'true',
            });
          } else if (local === 'nonNumeric' || local === 'nonnumeric') {
            const concept = opts.xmlMode ? ns.canonical(attrs.name ?? '') : (attrs.name ?? '');
            openNonNumeric.push({ concept, text: '', continuedAt: attrs.continuedAt ?? attrs.continuedat });
          } else if (local === 'continuation') {
            openContinuations.push({ id: attrs.id ?? '', text: '', continuedAt: attrs.continuedAt ?? attrs.continuedat });
          }
        } else if (collector.open(q.uri, q.local, attrs)) {
          kind = 'xbrl';
        } else {
          const tag = local.toLowerCase();
          kind = tag;
          if (SKIP.has(tag) || /display\s*:\s*none/i.test(style)) hides = true;
          if (tag === 'title' && titleBuf === null && title === null) titleBuf = '';
          const top = tableStack[tableStack.length - 1];
          if (tag === 'table' && hiddenDepth === 0 && !hides) {
            if (!top) flush();
            pushedTable = true;
            tableStack.push({
              draft: { rows: [], start: parser.startIndex, end: parser.startIndex, blockIndex: blocks.length },
              row: null,
              cell: null,
            });
          } else if (top && tag === 'tr') {
            top.row = [];
            top.draft.rows.push(top.row);
          } else if (top && (tag === 'td' || tag === 'th')) {
            if (!top.row) {
              top.row = [];
              top.draft.rows.push(top.row);
            }
            const span = (v: string | undefined) => Math.max(1, Math.min(100, Number.parseInt(v ?? '1', 10) || 1));
            top.cell = {
              text: '',
              colspan: span(attrs.colspan),
              rowspan: span(attrs.rowspan),
              header: tag === 'th',
              start: parser.startIndex,
              end: parser.startIndex,
              facts: [],
            };
            top.row.push(top.cell);
          } else if (!top && BLOCK.has(tag)) {
            flush();
          } else if (top?.cell && tag === 'br') {
            top.cell.text += ' ';
          } else if (!top && tag === 'br') {
            buf += ' ';
          }
        }
        if (hides) hiddenDepth++;
        const inherited = stack[stack.length - 1]?.bold ?? false;
        const inheritedItalic = stack[stack.length - 1]?.italic ?? false;
        stack.push({
          kind,
          hidden: hides,
          table: pushedTable,
          bold: isIx ? inherited : (boldOf(local.toLowerCase(), style) ?? inherited),
          italic: isIx ? inheritedItalic : (italicOf(local.toLowerCase(), style) ?? inheritedItalic),
        });
      },
      ontext(raw) {
        if (error) return;
        if (titleBuf !== null) titleBuf += raw;
        if (collector.active) collector.onText(raw);
        for (const f of openFacts) if (excludeDepth === 0) f.text += raw;
        for (const n of openNonNumeric) if (excludeDepth === 0) n.text += raw;
        for (const c of openContinuations) if (excludeDepth === 0) c.text += raw;
        if (hiddenDepth > 0) return;
        const top = tableStack[tableStack.length - 1];
        if (top) {
          if (top.cell) {
            top.cell.text += raw;
          }
          return;
        }
        if (bufStart < 0 && raw.trim()) bufStart = parser.startIndex;
        if (raw.trim()) bufEnd = parser.endIndex + 1;
        const letters = raw.replace(/\s+/g, '').length;
        bufChars += letters;
        if (stack[stack.length - 1]?.bold) bufBold += letters;
        if (stack[stack.length - 1]?.italic) bufItalic += letters;
        buf += raw;
        if (letters > 0 && !leadBroken) {
          if (stack[stack.length - 1]?.bold) {
            leadRaw = buf.length;
            leadEnd = parser.endIndex + 1;
          } else leadBroken = true;
        }
      },
      onclosetag(rawName) {
        if (error) return;
        const el = stack.pop();
        const q = opts.xmlMode ? ns.resolve(rawName) : { uri: '', local: rawName.toLowerCase(), prefix: '' };
        ns.pop();
        if (!el) return;
        if (el.kind.startsWith('ix:')) {
          const local = el.kind.slice(3);
          if (local === 'hidden') ixHiddenDepth--;
          else if (local === 'exclude') excludeDepth--;
          else if (local === 'nonFraction' || local === 'nonfraction') {
            const f = openFacts.pop()!;
            if (f.nil || f.attrs['xsi:nil'] === 'true') {
              nilFacts++;
            } else {
              const value = nonFractionValue(f.text, f.attrs);
              if (value === null) {
                const { line, column } = lineColumn(text, f.offset);
                fail(
                  ingestError(
                    'bad_request:malformed_xbrl',
                    fileName,
                    `${f.concept} shows ${JSON.stringify(normalizeSpace(f.text).slice(0, 40))}, not a number in format ${f.attrs.format ?? '(none)'}`,
                    { line, column },
                  ),
                );
                return;
              }
              const scale = f.attrs.scale ? Number.parseInt(f.attrs.scale, 10) : 0;
              const index = facts.length;
              facts.push({
                concept: f.concept,
                contextRef: f.attrs.contextRef ?? f.attrs.contextref ?? '',
                unitRef: f.attrs.unitRef ?? f.attrs.unitref ?? '',
                decimals: f.attrs.decimals,
                value,
                id: f.attrs.id ?? null,
                offset: f.offset,
                scale: Number.isFinite(scale) ? scale : 0,
                hidden: f.hidden,
              });
              // the innermost open cell shows this fact (nested facts show in the same cell)
              const top = tableStack[tableStack.length - 1];
              if (top?.cell && !f.hidden) top.cell.facts.push(index);
            }
          } else if (local === 'nonNumeric' || local === 'nonnumeric') {
            const n = openNonNumeric.pop()!;
            if (n.concept.startsWith('dei:')) pendingCover.push(n);
          } else if (local === 'continuation') {
            const c = openContinuations.pop()!;
            if (c.id) continuations.set(c.id, { text: c.text, continuedAt: c.continuedAt });
          }
        } else if (el.kind === 'xbrl') {
          collector.close(q.uri, q.local);
        } else {
          const tag = el.kind;
          if (tag === 'title' && titleBuf !== null) {
            title = normalizeSpace(titleBuf) || null;
            titleBuf = null;
          }
          const top = tableStack[tableStack.length - 1];
          if (top && el.table) {
            top.draft.end = parser.endIndex + 1;
            tableStack.pop();
            const outer = tableStack[tableStack.length - 1];
            if (isDataTable(top.draft)) tables.push(top.draft);
            else if (outer?.cell)
              outer.cell.text += ` ${layoutText(top.draft)
                .map((b) => b.text)
                .join(' ')} `;
            else if (!outer) blocks.push(...layoutText(top.draft));
          } else if (top && (tag === 'td' || tag === 'th') && top.cell) {
            top.cell.end = parser.endIndex + 1;
            top.cell = null;
          } else if (top && tag === 'tr') {
            top.row = null;
          } else if (!top && BLOCK.has(tag)) {
            flush();
          }
        }
        if (el.hidden) hiddenDepth--;
      },
    },
    { xmlMode: opts.xmlMode, decodeEntities: true, recognizeSelfClosing: true },
  );
  parser.write(text);
  parser.end();
  if (error) throw error;
  flush();
  for (const n of pendingCover) {
    let value = n.text;
    let next = n.continuedAt;
    for (let guard = 0; next && guard < 100; guard++) {
      const c = continuations.get(next);
      if (!c) break;
      value += ` ${c.text}`;
      next = c.continuedAt;
    }
    recordCover(cover, n.concept, normalizeSpace(value));
  }
  tables.sort((a, b) => a.start - b.start);
  return {
    inline,
    title,
    contexts: collector.contexts,
    units: collector.units,
    facts,
    cover,
    nilFacts,
    problems: collector.problems,
    blocks,
    tables,
  };
}
