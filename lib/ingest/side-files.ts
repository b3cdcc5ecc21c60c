import fs from 'node:fs';
import path from 'node:path';
import { secDataDir } from '@/lib/data-dir';
import { parseSubmissions } from '@/lib/ingest/sec/submissions';
import type { FilingMetadata, SideFiles, SubmissionsInfo } from './types';

/** File name stem shared by a filing's documents: `aapl-20230930_htm.xml` → `aapl-20230930`. */
export function filingStem(fileName: string): string {
  return path.basename(fileName).replace(/(_htm)?\.(xml|xbrl|html?|xhtml)$/i, '');
}

/** Reads `Key: value` lines of an EDGAR filing metadata text. */
export function parseFilingMetadata(text: string): FilingMetadata {
  const get = (key: string) => new RegExp(`^${key}:\\s*(.+)$`, 'mi').exec(text)?.[1]?.trim() ?? null;
  const filingDate = get('Filing Date');
  const accession = get('Accession No(?:\\.)?');
  return {
    company: get('Company'),
    cik: get('CIK'),
    form: get('Form'),
    filingDate: filingDate && /^\d{4}-\d{2}-\d{2}$/.test(filingDate) ? filingDate : null,
    accession: accession && /^\d{10}-\d{2}-\d{6}$/.test(accession) ? accession : null,
  };
}

function readFilingMetadata(filePath: string): FilingMetadata | null {
  const candidate = path.join(path.dirname(filePath), `${filingStem(filePath)}.filing_metadata.txt`);
  try {
    return parseFilingMetadata(fs.readFileSync(candidate, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Finds side files for a source: SEC submissions JSON (`CIK##########…submissions….json`) in the
 * given folders, the folder of the file, its sibling `sec-submissions/`, and `$SEC_DATA_DIR/sec-submissions`.
 * Submissions handed in directly (e.g. just downloaded by `sec sync`) win.
 */
export function createSideFiles(
  opts: { dirs?: string[]; submissions?: SubmissionsInfo[] } = {},
): SideFiles & { addDirFor(file: string): void } {
  const dirs = new Set<string>((opts.dirs ?? []).map((d) => path.resolve(d)));
  const byCik = new Map<string, SubmissionsInfo | null>();
  for (const s of opts.submissions ?? []) byCik.set(s.cik, s);
  let defaultsAdded = false;
  return {
    addDirFor(file: string) {
      const dir = path.dirname(path.resolve(file));
      dirs.add(dir);
      dirs.add(path.join(path.dirname(dir), 'sec-submissions'));
    },
    submissions(cik: string) {
      if (byCik.has(cik)) return byCik.get(cik) ?? null;
      if (!defaultsAdded) {
        dirs.add(path.join(secDataDir(), 'sec-submissions'));
        defaultsAdded = true;
      }
      let found: SubmissionsInfo | null = null;
      for (const dir of dirs) {
        let names: string[];
        try {
          names = fs.readdirSync(dir);
        } catch {
          continue;
        }
        const name = names.find((n) => n.includes(`CIK${cik}`) && /submissions/i.test(n) && n.endsWith('.json'));
        if (!name) continue;
        try {
          found = parseSubmissions(fs.readFileSync(path.join(dir, name), 'utf8'), name);
          break;
        } catch {
          // a broken side file is only a missing hint
        }
      }
      byCik.set(cik, found);
      return found;
    },
    filingMetadata: readFilingMetadata,
  };
}

/** No side files (tests, uploads). */
export const noSideFiles: SideFiles = { submissions: () => null, filingMetadata: () => null };
