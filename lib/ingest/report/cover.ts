/**
 * The cover page of a US filing (10-K, 10-Q, 20-F, 40-F, 10-KT) or the dateline of an earnings
 * release: registrant name, CIK, tickers and exchanges, commission file number, state, I.R.S.
 * number, form, "For the fiscal year ended …" / "For the quarterly period ended …", shares
 * outstanding and their date. The cover fixes the entity (CIK, then ticker, then the registrant's
 * exact name) and the document's period; a name found only in the body text never does.
 */
import type { ISODate } from '@/lib/domain/types';
import { monthNumber } from '@/lib/fiscal/parse-date';
import type { ReportDocument } from './model';

export interface CoverPage {
  form: string | null;
  /** annual | quarterly | transition, from "For the fiscal year / quarterly period ended" */
  periodKind: 'annual' | 'quarterly' | 'transition' | null;
  periodEnd: ISODate | null;
  registrantName: string | null;
  cik: string | null;
  /** primary ticker first (the common stock's), then the others */
  tickers: string[];
  exchanges: string[];
  commissionFileNumber: string | null;
  state: string | null;
  irsNumber: string | null;
  sharesOutstanding: { shares: string; date: ISODate | null } | null;
  /** the fiscal year end this cover states (annual forms: the period end), MMDD */
  fiscalYearEnd: string | null;
  /** where the identity came from: a filing's cover, an earnings release's dateline, or nothing */
  kind: 'filing' | 'release' | 'none';
  /** the date the report was signed ("… duly authorized, as of January 30, 2020", "Date: July 20, 2021"): when it was filed */
  signedAt?: ISODate | null;
  /** an 8-K's "Date of Report (Date of earliest event reported)", an earnings release's dateline date */
  reportDate?: ISODate | null;
}

const DATE =
  /\b(January|February|March|April|May|June|July|August|September|October|November|December|Jan\.?|Feb\.?|Mar\.?|Apr\.?|Jun\.?|Jul\.?|Aug\.?|Sept?\.?|Oct\.?|Nov\.?|Dec\.?)\s+(\d{1,2})\s*,?\s*((?:19|20)\d{2})\b/i;
const EXCHANGE =
  /(?:The\s+)?(?:New York Stock Exchange|NYSE(?:\s+(?:Arca|American))?|Nasdaq(?:\s+(?:Global Select|Global|Capital|Stock))?(?:\s+Market)?(?:\s+LLC)?|NASDAQ(?:\s+(?:Global Select|Global|Capital|Stock))?(?:\s+Market)?|Chicago Stock Exchange)/i;

/** "June 30, 2023" → 2023-06-30 (null when not a date). */
export function parseUsDate(text: string): ISODate | null {
  const m = DATE.exec(text);
  if (!m) return null;
  const month = monthNumber(m[1]!);
  const day = Number(m[2]);
  if (!month || day < 1 || day > 31) return null;
  const iso = `${m[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso;
}

/** How far into a document its SEC cover is looked for (an annual report to shareholders wraps the 10-K after its own pages). */
const COVER_SEARCH_PAGES = 12;

/**
 * Text of the cover's pages: the first two (the cover is page 1, sometimes 2 after a blank or a table
 * of contents), or, when they hold no Commission heading, the first page among the next ones that does.
 */
function coverText(doc: ReportDocument, pages = 2): string {
  const pageTexts = doc.text
    ? doc.text.split('\f').slice(0, COVER_SEARCH_PAGES)
    : Array.from({ length: COVER_SEARCH_PAGES }, (_, i) =>
        doc.blocks
          .filter((b) => (b.page ?? 1) === i + 1)
          .map((b) => b.text)
          .join('\n'),
      );
  const heading = /securities\s+and\s+exchange\s+commission[\s\S]{0,400}?\bform\s+(?:10-K|10-Q|20-F|40-F|8-K|6-K)\b/i;
  const first = pageTexts.slice(0, pages).join('\n');
  if (heading.test(first)) return first;
  // a cover page opens with the Commission's heading (a release's text that mentions its Form 10-Q does not)
  const at = pageTexts.findIndex(
    (t, i) => i >= pages && heading.test(t.trimStart().slice(0, 600)) && /^\W*(?:united\s+states\s+)?securities/i.test(t.trimStart()),
  );
  return at >= 0 ? pageTexts.slice(at, at + pages).join('\n') : first;
}

/** "Date of Report (Date of earliest event reported): April 26, 2022", the date written before or after the label. */
function dateOfReport(flat: string): ISODate | null {
  const label = /date\s+of\s+report\s*\(\s*date\s+of\s+earliest\s+event\s+reported\s*\)\s*:?/i.exec(flat);
  if (!label) return null;
  return (
    parseUsDate(flat.slice(label.index + label[0].length, label.index + label[0].length + 60)) ??
    parseUsDate(flat.slice(Math.max(0, label.index - 40), label.index))
  );
}

/** A letterhead line naming a company ("PepsiCo, Inc.", "ULTA BEAUTY, INC."), for a release without an exchange and ticker. */
const LETTERHEAD =
  /^([A-Z][\w&'’.-]*(?:,?\s+[A-Z&][\w&'’.-]*){0,5},?\s+(?:Inc|Corp|Corporation|Company|Co|Ltd|plc|PLC|N\.V|S\.A|AG|Incorporated|INC|CORPORATION|COMPANY)\.?)$/;

function clean(s: string): string {
  return s
    .replace(/[\u00a0\u2009\u202f]/g, ' ')
    .replace(/[_]{3,}/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const NOT_A_NAME =
  /^(?:\(|commission|form\b|for the|or$|united states|securities|washington|table of contents|indicate|annual report|quarterly report|transition report|mark one|\d)/i;

/** Reads the cover of a filing (or the dateline of an earnings release). Never throws. */
export function readCover(doc: ReportDocument): CoverPage {
  const out: CoverPage = {
    form: null,
    periodKind: null,
    periodEnd: null,
    registrantName: null,
    cik: null,
    tickers: [],
    exchanges: [],
    commissionFileNumber: null,
    state: null,
    irsNumber: null,
    sharesOutstanding: null,
    fiscalYearEnd: null,
    kind: 'none',
  };
  const text = coverText(doc);
  const lines = text.split('\n').map(clean).filter(Boolean);
  const flat = clean(text);

  // a filing's cover opens with the Commission's heading and the form; a release only mentions forms
  const head = clean(lines.slice(0, 12).join(' '));
  const form = /securities\s+and\s+exchange\s+commission/i.test(head)
    ? /\bFORM\s+(10-K(?:T|405)?|10-Q|20-F|40-F|6-K|8-K)\b/i.exec(head)
    : null;
  // a current report (8-K, 6-K) has no period: its date is the event's ("Date of Report")
  if (form && /^[86]-K$/i.test(form[1] ?? '')) out.reportDate = dateOfReport(flat);
  if (form) out.form = form[1]!.toUpperCase();

  // "For the fiscal year ended December 31, 2022" | "For the quarterly period ended Commission file\nJune 30, 2023"
  const period = /\bfor\s+the\s+(fiscal\s+year|year|quarterly\s+period|quarter|transition\s+period)\s+ended\b([\s\S]{0,80})/i.exec(flat);
  if (period) {
    const d = parseUsDate(period[2]!);
    if (d) {
      out.periodEnd = d;
      out.periodKind = /quarter/i.test(period[1]!) ? 'quarterly' : /transition/i.test(period[1]!) ? 'transition' : 'annual';
    }
  }
  if (out.form && !out.periodKind) out.periodKind = /10-Q/.test(out.form) ? 'quarterly' : /10-K|20-F|40-F/.test(out.form) ? 'annual' : null;
  if (out.periodKind === 'annual' && out.periodEnd) out.fiscalYearEnd = out.periodEnd.slice(5, 7) + out.periodEnd.slice(8, 10);

  const cfn =
    /\bcommission\s+file\s*(?:no\.?|number|#)?\s*:?\s*(?:[A-Za-z]+\s+\d{1,2},?\s+\d{4}\s+number\s+)?(\d{1,3}-\d{3,6})/i.exec(flat) ??
    /\bfile\s+(?:no\.?|number)\s*:?\s*(\d{1,3}-\d{3,6})/i.exec(flat) ??
    /\bnumber\s+(\d{1,3}-\d{4,6})\b/.exec(flat);
  if (cfn) out.commissionFileNumber = cfn[1]!;
  const cik = /\b(?:central index key|CIK)(?:\s+(?:no\.?|number))?\s*:?\s*(\d{4,10})\b/i.exec(flat);
  if (cik) out.cik = cik[1]!.replace(/^0+/, '');
  const irs = /\b(\d{2}-\d{7})\b/.exec(flat);
  if (irs) out.irsNumber = irs[1]!;

  if (out.form && /^(?:10-K|10-Q|20-F|40-F|10-KT|8-K|6-K)/.test(out.form)) {
    out.kind = 'filing';
    // registrant: the line above "(Exact name of registrant as specified in its charter)"
    const exact = lines.findIndex((l) => /exact\s+name\s+of\s+(?:the\s+)?registrant/i.test(l));
    if (exact > 0) {
      const candidate = lines[exact - 1]!.replace(/\(exact name.*$/i, '').trim();
      if (candidate && !NOT_A_NAME.test(candidate)) out.registrantName = candidate;
      else if (/^\(?exact/i.test(lines[exact]!) && exact > 1 && !NOT_A_NAME.test(lines[exact - 2]!)) out.registrantName = lines[exact - 2]!;
    }
    if (!out.registrantName) {
      // "Commission file number 1-3285" followed by the registrant's name
      const at = lines.findIndex((l) => /commission\s+file/i.test(l));
      for (let i = at + 1; at >= 0 && i < Math.min(lines.length, at + 4); i++) {
        const l = lines[i]!;
        if ((NOT_A_NAME.test(l) && !/^\d+[A-Za-z]/.test(l)) || /\d{2}-\d{7}|state of|incorporat|employer|^[\d-]+$/i.test(l)) continue;
        if (/[A-Za-z]{2}/.test(l) && l.length <= 80) {
          out.registrantName = l;
          break;
        }
      }
    }
    // state of incorporation: "State of Incorporation: Delaware" | "Delaware 77-0019522"
    const state =
      /state\s+of\s+incorporation\s*:?\s*([A-Z][A-Za-z ]{2,30}?)(?=\s+I\.R\.S|\s+\(|\s+\d|$)/i.exec(flat) ??
      lines.map((l) => /^([A-Z][A-Za-z]+(?:\s[A-Z][A-Za-z]+)?)\s+\d{2}-\d{7}$/.exec(l)).find(Boolean);
    if (state) out.state = state[1]!.trim();
    // tickers: lines of the Section 12(b) table "<class> <SYMBOL> <exchange>"
    const start = lines.findIndex((l) => /section\s+12\s*\(b\)/i.test(l));
    if (start >= 0) {
      for (const l of lines.slice(start + 1, start + 30)) {
        if (/section\s+12\s*\(g\)|indicate by check mark/i.test(l)) break;
        const ex = EXCHANGE.exec(l);
        if (!ex) continue;
        const before = l.slice(0, ex.index).trim();
        const m = /(?:^|\s)([A-Z][A-Z0-9]{0,5}(?:[./ ](?:PR\s)?[A-Z0-9]{1,3})?)$/.exec(before);
        const sym = m?.[1]?.trim();
        if (sym && !/^(?:LLC|INC|THE|NYSE|PLC|AND)$/.test(sym)) {
          if (!out.tickers.includes(sym)) out.tickers.push(sym);
          const exchange = clean(ex[0]).replace(/^The\s+/i, '');
          if (!out.exchanges.includes(exchange)) out.exchanges.push(exchange);
        }
      }
    }
    // "As of July 21, 2023, there were 2,906,085,273 shares …" | "… outstanding as of June 30, 2023: 2,906,085,273"
    const sh =
      /(\d{1,3}(?:,\d{3}){2,})\s+shares\s+of\s+(?:the\s+registrant['’]s\s+)?(?:class\s+[AB]\s+)?(?:common|ordinary|capital)[^.]{0,120}?(?:outstanding)?[^.]{0,60}?(?:as\s+of|at)\s+([A-Z][a-z]+\.?\s+\d{1,2},?\s+\d{4})/i.exec(
        flat,
      ) ??
      /outstanding\s+(?:as\s+of|at)\s+([A-Z][a-z]+\.?\s+\d{1,2},?\s+\d{4})\s*[:,]?\s*(?:was|were)?\s*(\d{1,3}(?:,\d{3}){2,})/i.exec(flat) ??
      /(?:as\s+of|at)\s+([A-Z][a-z]+\.?\s+\d{1,2},?\s+\d{4}),?\s+(?:there\s+were\s+|the\s+registrant\s+had\s+)?(\d{1,3}(?:,\d{3}){2,})\s+shares/i.exec(
        flat,
      );
    if (sh) {
      const [a, b] = [sh[1]!, sh[2]!];
      const shares = /^\d/.test(a) ? a : b;
      const date = /^\d/.test(a) ? b : a;
      out.sharesOutstanding = { shares: shares.replace(/,/g, ''), date: parseUsDate(date) };
    }
  } else {
    // earnings release: "PepsiCo, Inc. (NASDAQ: PEP) today reported …"
    const rel =
      /((?:[A-Z][\w&'’.-]*,?\s){0,5}?(?:[A-Z][\w&'’.-]*)(?:,?\s+(?:Inc|Corp|Corporation|Co|Company|Ltd|plc|N\.V|S\.A|AG|Incorporated)\.?)?)\s*\((?:NYSE|NASDAQ|Nasdaq|NYSE American|Nasdaq GS|NasdaqGS)\s*:\s*([A-Z]{1,5}(?:\.[A-Z])?)\)/.exec(
        flat,
      );
    if (rel) {
      out.kind = 'release';
      out.registrantName = rel[1]!
        .replace(/^(?:[-–—)]+\s*)/, '')
        .replace(/^.*?--\s*/, '')
        .replace(/^\(?[A-Z][A-Z .,-]+--\(?[A-Z ]+\)?--\s*/, '')
        .trim();
      out.tickers.push(rel[2]!);
      out.form = 'Earnings Release';
    } else if (/\b(?:reports?|reported|announces?|announced)\b[^.]{0,80}\b(?:results|earnings)\b/i.test(flat.slice(0, 1500))) {
      // a release on letterhead: the company's name on a line of its own near the top
      const name = lines.slice(0, 15).find((l) => LETTERHEAD.test(l));
      if (name) {
        out.kind = 'release';
        out.registrantName = name;
        out.form = 'Earnings Release';
      }
    }
    // the dateline ("PURCHASE, N.Y., April 25, 2023 –"): the first date near the top is the release date
    if (out.kind === 'release') out.reportDate = parseUsDate(flat.slice(0, 1500));
  }
  if (out.registrantName)
    out.registrantName = out.registrantName
      .replace(/\s*\((?:the\s+)?["“]?(?:company|registrant)["”]?\)\s*$/i, '')
      .replace(/[,;]$/, '')
      .trim();
  return out;
}

/**
 * The date a filing was signed: its signatures page ("thereunto duly authorized, as of January 30,
 * 2020", "Dated: July 20, 2021"), the date named most often there, after the period end and within
 * 400 days of it. Not the period end itself: a filing is published after the period it reports.
 */
export function signatureDate(doc: ReportDocument, periodEnd: ISODate | null): ISODate | null {
  if (!periodEnd) return null;
  const text = doc.text ?? doc.blocks.map((b) => b.text).join('\n');
  const counts = new Map<ISODate, number>();
  const re =
    /duly\s+authori[sz]ed[,.]?\s+(?:on|as\s+of)\s+([A-Z][a-z]+\.?\s+\d{1,2}\s*,?\s*(?:19|20)\d{2})|\bDated?\s*:\s*([A-Z][a-z]+\.?\s+\d{1,2}\s*,?\s*(?:19|20)\d{2})/g;
  for (const m of text.matchAll(re)) {
    const d = parseUsDate(m[1] ?? m[2]!);
    if (!d || d <= periodEnd) continue;
    const days = (Date.parse(`${d}T00:00:00Z`) - Date.parse(`${periodEnd}T00:00:00Z`)) / 86_400_000;
    if (days > 400) continue;
    counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  let best: { d: ISODate; n: number } | null = null;
  for (const [d, n] of counts) if (!best || n > best.n || (n === best.n && d < best.d)) best = { d, n };
  return best?.d ?? null;
}

/** A registrant name as people write it: "ADOBE INC." → "Adobe Inc.", "3M COMPANY" → "3M Company"; mixed case kept. */
export function displayName(name: string): string {
  if (/[a-z]/.test(name)) return name;
  return name
    .split(/(\s+)/)
    .map((w) =>
      /^(?:[A-Z]\.)+$|^\d\w*$|^(?:PLC|LLC|NV|SA|AG|II|III|USA)\.?,?$/.test(w)
        ? /(?:PLC)/.test(w)
          ? 'plc'
          : w
        : w.charAt(0) + w.slice(1).toLowerCase(),
    )
    .join('');
}

/**
 * The document with what its cover says filled into the metadata it lacks (explicit metadata
 * wins): form, period end, ticker, CIK, registrant name, the annual fiscal year end, and USD / US
 * for a US registrant's filing.
 */
export function withCover(doc: ReportDocument): { doc: ReportDocument; cover: CoverPage } {
  const cover = readCover(doc);
  if (cover.kind === 'none') return { doc, cover };
  const m = doc.meta;
  if (cover.kind === 'filing' && !m.filedAt) cover.signedAt = signatureDate(doc, m.periodEnd ?? cover.periodEnd);
  const meta = {
    ...m,
    form: m.form ?? (cover.kind === 'filing' ? cover.form : null) ?? m.form,
    periodEnd: m.periodEnd ?? cover.periodEnd ?? m.periodEnd,
    filedAt: m.filedAt ?? cover.signedAt ?? cover.reportDate ?? m.filedAt,
    ticker: m.ticker ?? cover.tickers[0] ?? m.ticker,
    cik: m.cik ?? cover.cik ?? m.cik,
    fiscalYearEnd: m.fiscalYearEnd ?? cover.fiscalYearEnd ?? m.fiscalYearEnd,
    currency: m.currency ?? (cover.kind === 'filing' && !/20-F|40-F/.test(cover.form ?? '') ? 'USD' : m.currency),
  };
  return { doc: { ...doc, meta }, cover };
}
