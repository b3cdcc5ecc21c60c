/**
 * Plain-HTML reports → tables (row and column spans expanded into a grid) and narrative blocks
 * (headings, paragraphs, list items) with character spans into the HTML text and page numbers from
 * page markers (`data-page="112"`, `<a name="page_12">`, `id="page-12"`, CSS page breaks).
 * Tables that hold no numbers (layout tables, cover pages) are read as narrative.
 */
import { parseDocument } from 'htmlparser2';
import type { GridCell, RawTable, ReportDocument, ReportMeta, TextBlock } from './model';
import { isYearText, parseCellValue } from './numbers';

interface DomNode {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
  data?: string;
  startIndex: number | null;
  endIndex: number | null;
}

const BLOCK = new Set([
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
  'blockquote',
  'pre',
  'li',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'tr',
  'td',
  'th',
  'caption',
  'figure',
  'figcaption',
  'center',
  'hr',
  'body',
  'nav',
  'form',
  'address',
]);
const SKIP = new Set(['script', 'style', 'head', 'noscript', 'template', 'svg', 'iframe', 'object']);
const HEADING = /^h([1-6])$/;

const META_KEYS: Record<string, keyof ReportMeta> = {
  entity: 'entityName',
  company: 'entityName',
  'entity-name': 'entityName',
  'legal-name': 'legalName',
  ticker: 'ticker',
  cik: 'cik',
  country: 'country',
  currency: 'currency',
  'reporting-currency': 'currency',
  'accounting-standard': 'accountingStandard',
  'document-type': 'form',
  form: 'form',
  'filing-date': 'filedAt',
  'filed-at': 'filedAt',
  'period-end': 'periodEnd',
  'document-period-end-date': 'periodEnd',
  'document-id': 'documentId',
  accession: 'documentId',
  'fiscal-year-end': 'fiscalYearEnd',
  scope: 'scope',
};

function pageMarker(el: DomNode): number | null {
  const a = el.attribs ?? {};
  const explicit = a['data-page'] ?? a['data-page-number'];
  if (explicit && /^\d{1,5}$/.test(explicit.trim())) return Number(explicit.trim());
  for (const v of [a.name, a.id]) {
    const m = v ? /^page[-_ ]?(\d{1,5})$/i.exec(v) : null;
    if (m) return Number(m[1]);
  }
  return null;
}

function pageBreaks(el: DomNode): boolean {
  const style = el.attribs?.style ?? '';
  return /page-break-(?:before|after)\s*:\s*always|break-(?:before|after)\s*:\s*page/i.test(style);
}

function isBold(el: DomNode): boolean {
  if (el.name === 'b' || el.name === 'strong') return true;
  const style = el.attribs?.style ?? '';
  return /font-weight\s*:\s*(?:bold|[6-9]00)/i.test(style);
}

interface Run {
  text: string;
  start: number;
  end: number;
  bold: boolean;
}

class Extractor {
  blocks: TextBlock[] = [];
  tables: RawTable[] = [];
  meta: ReportMeta = {};
  title: string | null = null;
  problems: string[] = [];
  page: number | null = null;
  maxPage = 0;
  explicitPages = false;
  private runs: Run[] = [];
  private section: string | null = null;
  private heading: string | null = null;
  private lastTableBlock = 0;

  walk(node: DomNode, bold: boolean): void {
    if (node.type === 'text') {
      const t = clean(node.data ?? '');
      if (t.trim() !== '' && node.startIndex !== null)
        this.runs.push({ text: t, start: node.startIndex, end: (node.endIndex ?? node.startIndex) + 1, bold });
      else if (t !== '' && this.runs.length) this.runs[this.runs.length - 1]!.text += ' ';
      return;
    }
    if (node.type === 'comment' || node.type === 'directive' || node.type === 'cdata') return;
    const name = node.name?.toLowerCase() ?? '';
    if (name === 'title' && node.children) {
      this.title = textOf(node).trim() || null;
      return;
    }
    if (name === 'meta') {
      const key = (node.attribs?.name ?? node.attribs?.property ?? '').toLowerCase().replace(/^(?:ledgerline|report|dc|og):/, '');
      const field = META_KEYS[key];
      const content = node.attribs?.content?.trim();
      if (field && content)
        (this.meta as Record<string, unknown>)[field] =
          field === 'scope' ? (/stand/i.test(content) ? 'standalone' : /consol/i.test(content) ? 'consolidated' : null) : content;
      return;
    }
    if (name === 'head') {
      // only the title and meta tags matter in the head
      for (const c of node.children ?? []) if (c.type === 'tag' && (c.name === 'title' || c.name === 'meta')) this.walk(c, bold);
      return;
    }
    if (SKIP.has(name) || node.type !== 'tag') return;
    const marker = pageMarker(node);
    if (marker !== null) {
      this.flush();
      this.page = marker;
      this.explicitPages = true;
      this.maxPage = Math.max(this.maxPage, marker);
    }
    if (name === 'table' && this.readTable(node)) return;
    const block = BLOCK.has(name) || name === 'br';
    if (block) this.flush();
    if (name === 'br') return;
    if (pageBreaks(node) && /before/i.test(node.attribs?.style ?? '')) this.breakPage();
    const level = HEADING.exec(name);
    const b = bold || isBold(node);
    for (const c of node.children ?? []) this.walk(c, b);
    if (block) this.flush(level ? Number(level[1]) : 0);
    if (pageBreaks(node) && /after/i.test(node.attribs?.style ?? '')) this.breakPage();
  }

  private breakPage(): void {
    if (this.explicitPages) return;
    this.flush();
    this.page = (this.page ?? 1) + 1;
    this.maxPage = Math.max(this.maxPage, this.page);
  }

  /** Ends the current block; `level` > 0 for h1–h6. */
  flush(level = 0): void {
    if (!this.runs.length) return;
    const runs = this.runs;
    this.runs = [];
    const text = runs
      .map((r) => r.text)
      .join('')
      .replace(/[\u00a0\u2009\u202f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (!text) return;
    const boldChars = runs.filter((r) => r.bold).reduce((n, r) => n + r.text.trim().length, 0);
    const allChars = runs.reduce((n, r) => n + r.text.trim().length, 0);
    let headingLevel = level;
    if (
      !headingLevel &&
      boldChars >= allChars * 0.9 &&
      text.length <= 150 &&
      !/[.;,]$/.test(text) &&
      /[A-Za-z]{3}/.test(text) &&
      !parseCellValueIsNumber(text)
    ) {
      headingLevel = /^(?:part|item)\s+[\divx]+/i.test(text) ? 2 : 3;
    }
    if (headingLevel) {
      if (headingLevel <= 2) this.section = text;
      this.heading = text;
    }
    this.blocks.push({
      kind: headingLevel ? 'heading' : 'paragraph',
      level: headingLevel,
      text,
      page: this.page,
      spanStart: runs[0]!.start,
      spanEnd: runs[runs.length - 1]!.end,
    });
  }

  /** Reads a data table into a grid; false when it is a layout table (walked as narrative instead). */
  private readTable(table: DomNode): boolean {
    const rows: { cells: DomNode[]; head: boolean }[] = [];
    let nested = false;
    const collect = (n: DomNode, head: boolean) => {
      for (const c of n.children ?? []) {
        if (c.type !== 'tag') continue;
        const nm = c.name!.toLowerCase();
        if (nm === 'thead') collect(c, true);
        else if (nm === 'tbody' || nm === 'tfoot') collect(c, head);
        else if (nm === 'tr') {
          const cells = (c.children ?? []).filter((x) => x.type === 'tag' && (x.name === 'td' || x.name === 'th'));
          rows.push({ cells, head });
          for (const cell of cells) if (containsTag(cell, 'table')) nested = true;
        }
      }
    };
    collect(table, false);
    if (nested || rows.length === 0) return false;
    let numericRows = 0;
    for (const r of rows) {
      if (
        r.cells.slice(1).some((c) => {
          const t = textOf(c).trim();
          const v = parseCellValue(t);
          return v.kind === 'number' && !isYearText(t);
        })
      )
        numericRows++;
    }
    if (numericRows < 1) return false;
    this.flush();
    const caption = (table.children ?? []).find((c) => c.type === 'tag' && c.name === 'caption');
    const captionText = caption ? textOf(caption).replace(/\s+/g, ' ').trim() || null : null;
    const grid: (GridCell | null)[][] = [];
    let id = 0;
    let headRows = 0;
    let headDone = false;
    const tablePage = this.page;
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r]!;
      if (!grid[r]) grid[r] = [];
      if (row.head && !headDone) headRows = r + 1;
      else headDone = true;
      let c = 0;
      for (const cellNode of row.cells) {
        while (grid[r]![c]) c++;
        const colspan = clampSpan(cellNode.attribs?.colspan, 1000);
        const rowspan = clampSpan(cellNode.attribs?.rowspan, rows.length - r);
        const marker = findPageMarker(cellNode);
        if (marker !== null) {
          this.page = marker;
          this.explicitPages = true;
          this.maxPage = Math.max(this.maxPage, marker);
        }
        const cell: GridCell = {
          id: id++,
          text: textOf(cellNode)
            .replace(/[\u00a0\u2009\u202f]/g, ' ')
            .replace(/\s+/g, ' ')
            .trim(),
          th: cellNode.name === 'th' || row.head,
          page: this.page,
          spanStart: cellNode.startIndex,
          spanEnd: cellNode.endIndex === null ? null : cellNode.endIndex + 1,
        };
        for (let dr = 0; dr < rowspan; dr++) {
          if (!grid[r + dr]) grid[r + dr] = [];
          for (let dc = 0; dc < colspan; dc++) grid[r + dr]![c + dc] = cell;
        }
        c += colspan;
      }
    }
    const width = Math.max(0, ...grid.map((g) => g.length));
    for (const g of grid) for (let c = 0; c < width; c++) if (g[c] === undefined) g[c] = null;
    const context = this.blocks
      .slice(this.lastTableBlock)
      .slice(-4)
      .filter((b) => b.text.length <= 200)
      .map((b) => b.text);
    this.tables.push({
      ordinal: this.tables.length,
      grid,
      headRows,
      caption: captionText,
      context,
      section: this.section,
      heading: this.heading,
      page: tablePage,
    });
    this.lastTableBlock = this.blocks.length;
    return true;
  }
}

/** No NUL or other C0 controls (PostgreSQL text cannot hold NUL). */
function clean(t: string): string {
  return t.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
}

function clampSpan(v: string | undefined, max: number): number {
  const n = v ? Number.parseInt(v, 10) : 1;
  return Number.isFinite(n) && n >= 1 ? Math.min(n, Math.max(1, max)) : 1;
}

function parseCellValueIsNumber(t: string): boolean {
  return parseCellValue(t).kind === 'number';
}

function containsTag(n: DomNode, tag: string): boolean {
  for (const c of n.children ?? []) {
    if (c.type === 'tag' && (c.name === tag || containsTag(c, tag))) return true;
  }
  return false;
}

function findPageMarker(n: DomNode): number | null {
  const own = pageMarker(n);
  if (own !== null) return own;
  for (const c of n.children ?? []) {
    if (c.type !== 'tag') continue;
    const m = findPageMarker(c);
    if (m !== null) return m;
  }
  return null;
}

/** Text content with `<br>` and block boundaries as spaces. */
function textOf(n: DomNode): string {
  if (n.type === 'text') return clean(n.data ?? '');
  if (n.type !== 'tag' && n.type !== 'root') return '';
  if (n.name && SKIP.has(n.name)) return '';
  if (n.name === 'br') return ' ';
  const inner = (n.children ?? []).map(textOf).join('');
  return n.name && BLOCK.has(n.name) ? ` ${inner} ` : inner;
}

/** True when the HTML carries inline XBRL (those files belong to the iXBRL extractor). */
export function looksLikeInlineXbrl(head: string): boolean {
  return /xmlns:ix\s*=|<ix:(?:header|nonfraction|nonnumeric|references)\b/i.test(head);
}

/** True when the text looks like an HTML document (not XML, not inline XBRL). */
export function looksLikeHtmlReport(head: string): boolean {
  if (looksLikeInlineXbrl(head)) return false;
  const t = head.trimStart().slice(0, 4096);
  if (/^<\?xml/i.test(t) && !/<html\b/i.test(head)) return false;
  return /^(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html\b|head\b|body\b|meta\b|title\b|table\b|div\b|p\b|h[1-6]\b)/i.test(t);
}

/** Parses an HTML report. Never throws on malformed markup (browsers' recovery rules). */
export function extractHtmlReport(text: string): ReportDocument {
  const dom: DomNode = parseDocument(text, {
    withStartIndices: true,
    withEndIndices: true,
    decodeEntities: true,
    lowerCaseTags: true,
    lowerCaseAttributeNames: true,
  });
  const x = new Extractor();
  for (const c of dom.children ?? []) x.walk(c, false);
  x.flush();
  if (!x.meta.scope) x.meta.scope = null;
  return {
    format: 'html',
    title: x.title ?? x.blocks.find((b) => b.kind === 'heading')?.text ?? null,
    meta: x.meta,
    tables: x.tables,
    blocks: x.blocks,
    pages: x.maxPage || null,
    problems: x.problems,
  };
}
