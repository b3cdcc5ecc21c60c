/**
 * The extracted form of a report document (HTML or PDF), before any binding: tables as grids of
 * cells (row and column spans expanded), narrative text blocks with their headings, pages and
 * character spans, and the document's own metadata.
 */

/** What a document says about itself (HTML `<meta>` tags, PDF info dictionary, cover text). */
export interface ReportMeta {
  /** company name as people use it ("Helios Components") */
  entityName?: string | null;
  /** legal name ("Helios Components Ltd") */
  legalName?: string | null;
  ticker?: string | null;
  cik?: string | null;
  country?: string | null;
  /** reporting currency (ISO), the default for unit lines that name none */
  currency?: string | null;
  accountingStandard?: string | null;
  /** "Annual Report", "Results", "10-K", "20-F" */
  form?: string | null;
  /** YYYY-MM-DD */
  filedAt?: string | null;
  /** YYYY-MM-DD: end of the main period reported */
  periodEnd?: string | null;
  /** an identifier of the document (accession or the company's own reference) */
  documentId?: string | null;
  /** fiscal year end as MMDD, when the document states it */
  fiscalYearEnd?: string | null;
  /** the document declares itself standalone or consolidated */
  scope?: 'standalone' | 'consolidated' | null;
}

/** One cell of a table grid. A cell spanning several slots appears in each of them (same object). */
export interface GridCell {
  id: number;
  text: string;
  /** `<th>` or a cell of `<thead>` */
  th: boolean;
  page: number | null;
  /** character offsets [start, end) of the cell in the source text (HTML source / PDF text) */
  spanStart: number | null;
  spanEnd: number | null;
  /** set by the cell's position as a figure of its value column (a "(16)" that is no footnote marker) */
  figure?: boolean;
}

export interface RawTable {
  ordinal: number;
  /** rows × columns; null where no cell reaches */
  grid: (GridCell | null)[][];
  /** number of leading rows known to be headers (thead); 0 when unknown */
  headRows: number;
  caption: string | null;
  /** short text lines just before the table (nearest last): titles, unit lines */
  context: string[];
  /** top-level section (h1/h2 or the PDF's running section) and nearest heading */
  section: string | null;
  heading: string | null;
  page: number | null;
}

export interface TextBlock {
  kind: 'heading' | 'paragraph';
  /** heading level 1–6 (paragraphs: 0) */
  level: number;
  text: string;
  page: number | null;
  spanStart: number;
  spanEnd: number;
}

export interface ReportDocument {
  format: 'html' | 'pdf';
  title: string | null;
  meta: ReportMeta;
  tables: RawTable[];
  /** narrative blocks in reading order (headings and paragraphs outside data tables) */
  blocks: TextBlock[];
  /** page count (PDF) or the highest page marker seen (HTML), null when unknown */
  pages: number | null;
  /** what the extractor could not read (kept as source notes) */
  problems: string[];
  /** PDF only: the text the extractor rebuilt (lines joined by "\n", pages by "\f"); spans index into it */
  text?: string;
}
