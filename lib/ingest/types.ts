import type { Db } from '@/lib/db/client';
import type { FactRowInserter } from '@/lib/facts/write-facts';
import type { SourceKind } from '@/lib/db/schema';
import type { Period, Provenance } from '@/lib/domain/types';
import type { ParsedUnit } from './units';

/** A number as an extractor read it, before entity, calendar and ontology are applied. */
export interface RawFact {
  /** `us-gaap:Revenues`, `ifrs-full:Revenue`, `dei:EntityCommonStockSharesOutstanding` */
  concept: string;
  /** exact decimal string in base units (scale and sign already applied) */
  value: string;
  unit: ParsedUnit;
  decimals: number | null;
  /** power of ten the source presented the number in */
  scale: number;
  period: Period;
  /** axis → member; empty for consolidated totals */
  dimensions: Record<string, string>;
  accession: string | null;
  form: string | null;
  filedAt: string;
  /** the source's own labels (fy, fp, frame, context id, column header) */
  labels: Record<string, unknown>;
  provenance: Provenance;
  cellId?: string | null;
}

export type IngestProgress = (done: number, total: number) => void;

/** What a format's writer gets: the open transaction and everything known about the file. */
export interface WriteContext {
  tx: Db;
  tenantId: string;
  /** file name as shown to people (base name) */
  fileName: string;
  /** absolute path, when the bytes came from a file */
  filePath: string | null;
  sha256: string;
  byteSize: number;
  /** deterministic source id: sha256(tenant, bytes) */
  sourceId: string;
  actor: string;
  progress: IngestProgress;
  /** look up side files (submissions JSON, filing metadata) next to the file or in the data folder */
  sideFiles: SideFiles;
  /** how fact rows reach the tables (bulk ingestion: COPY through staging); default the batched insert */
  factInserter?: FactRowInserter;
}

export interface SideFiles {
  /** SEC submissions JSON for a CIK, when one is at hand */
  submissions(cik: string): SubmissionsInfo | null;
  /** `<stem>.filing_metadata.txt` next to a filing (company, CIK, form, filing date, accession) */
  filingMetadata?(filePath: string): FilingMetadata | null;
}

export interface FilingMetadata {
  company: string | null;
  cik: string | null;
  form: string | null;
  filingDate: string | null;
  accession: string | null;
}

export interface SubmissionsInfo {
  cik: string;
  name: string;
  tickers: string[];
  /** exchange of each ticker, same order as `tickers` ("Nasdaq", "NYSE"; null when not given) */
  exchanges: (string | null)[];
  fiscalYearEnd: string | null;
  /** Standard Industrial Classification code as EDGAR assigns it ("3674"), and its title; absent when not given */
  sic?: string | null;
  sicDescription?: string | null;
  formerNames: string[];
  /** accession → filing facts */
  filings: Map<string, { form: string; filingDate: string; reportDate: string | null; primaryDocument: string | null }>;
}

export interface WriteResult {
  /** true when the bytes were already stored (nothing written) */
  unchanged?: boolean;
  entityId: string | null;
  sourceId: string | null;
  /** numbers read from the file */
  factsSeen: number;
  factsAdded: number;
  sightingsAdded: number;
  quarantined: number;
  chunksAdded: number;
  tablesAdded: number;
  counters: Record<string, number>;
  notes: string[];
}

/** One supported file format: a sniffing test, a pure parser and a transactional writer. */
export interface FormatHandler<P = unknown> {
  format: string;
  sourceKind: SourceKind;
  extractorVersion: string;
  /** true when the file's first bytes (and name) look like this format */
  detect(head: string, fileName: string): boolean;
  /** parse outside the transaction; throws AppError naming the file and place on malformed input */
  parse(text: string, fileName: string): P;
  write(ctx: WriteContext, parsed: P): Promise<WriteResult>;
}
