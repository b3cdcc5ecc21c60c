/**
 * The XBRL 2.1 pieces shared by instance documents and inline XBRL: namespaces and QNames,
 * contexts (entity, period, segment/scenario dimensions) and units (measures, divide units),
 * collected by a namespace-aware SAX handler.
 */
import { addDays, isISODate } from '@/lib/fiscal';
import type { Period } from '@/lib/domain/types';
import { parseUnit, type ParsedUnit } from '../units';

export const NS = {
  xbrli: 'http://www.xbrl.org/2003/instance',
  xbrldi: 'http://xbrl.org/2006/xbrldi',
  link: 'http://www.xbrl.org/2003/linkbase',
  iso4217: 'http://www.xbrl.org/2003/iso4217',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
  xhtml: 'http://www.w3.org/1999/xhtml',
} as const;

/** Inline XBRL 1.0 and 1.1 namespaces. */
export const IX_NAMESPACES = new Set(['http://www.xbrl.org/2013/inlineXBRL', 'http://www.xbrl.org/2008/inlineXBRL']);

/**
 * A stable prefix for a namespace URI, so concepts read the same whatever prefix a filer chose:
 * `us-gaap`, `ifrs-full`, `dei`, `srt`, … ; extension namespaces keep the document's prefix.
 */
export function canonicalPrefix(uri: string, docPrefix: string): string {
  if (/fasb\.org\/us-gaap\//.test(uri)) return 'us-gaap';
  if (/fasb\.org\/srt\//.test(uri)) return 'srt';
  if (/xbrl\.ifrs\.org\/taxonomy\/.*ifrs-full/.test(uri)) return 'ifrs-full';
  // the NSE/BSE financial results taxonomy names its elements as the Ind AS taxonomy does
  if (/bseindia\.com\/xbrl\/fin\//.test(uri)) return 'ind-as';
  const sec = /xbrl\.sec\.gov\/([a-z-]+)\//.exec(uri);
  if (sec) return sec[1]!;
  return docPrefix;
}

/** Scoped namespace declarations (a stack of maps). */
export class NamespaceScope {
  private stack: Map<string, string>[] = [new Map([['xml', 'http://www.w3.org/XML/1998/namespace']])];

  push(attrs: Record<string, string>): void {
    let frame: Map<string, string> | null = null;
    for (const [k, v] of Object.entries(attrs)) {
      if (k === 'xmlns' || k.startsWith('xmlns:')) {
        frame ??= new Map();
        frame.set(k === 'xmlns' ? '' : k.slice(6), v);
      }
    }
    this.stack.push(frame ?? EMPTY);
  }

  pop(): void {
    if (this.stack.length > 1) this.stack.pop();
  }

  uri(prefix: string): string | undefined {
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const v = this.stack[i]!.get(prefix);
      if (v !== undefined) return v;
    }
    return undefined;
  }

  /** `{uri, local, prefix}` of an element or attribute-value QName. */
  resolve(qname: string, useDefault = true): { uri: string; local: string; prefix: string } {
    const i = qname.indexOf(':');
    const prefix = i >= 0 ? qname.slice(0, i) : '';
    const local = i >= 0 ? qname.slice(i + 1) : qname;
    const uri = prefix || useDefault ? (this.uri(prefix) ?? '') : '';
    return { uri, local, prefix };
  }

  /** A concept/dimension/member QName in canonical form: `us-gaap:Revenues`. */
  canonical(qname: string): string {
    const q = this.resolve(qname.trim());
    if (!q.prefix && !q.uri) return q.local;
    return `${canonicalPrefix(q.uri, q.prefix)}:${q.local}`;
  }
}

const EMPTY = new Map<string, string>();

export interface XbrlContext {
  id: string;
  identifier: { scheme: string; value: string } | null;
  /** null for `forever` or a period that could not be read */
  period: Period | null;
  dimensions: Record<string, string>;
}

/** XBRL dates: a date, or a dateTime; an end at midnight means the day before ended. */
export function xbrlDate(text: string, isEnd: boolean): string | null {
  const t = text.trim();
  const d = t.slice(0, 10);
  if (!isISODate(d)) return null;
  if (isEnd && /T00:00:00(\.0+)?(Z|[+-]00:00)?$/.test(t)) return addDays(d, -1);
  return d;
}

/**
 * Collects contexts and units from SAX events. Feed it every open/close/text event; it only acts
 * inside xbrli:context and xbrli:unit elements.
 */
export class ContextUnitCollector {
  readonly contexts = new Map<string, XbrlContext>();
  readonly units = new Map<string, ParsedUnit>();
  /** problems found (bad period dates), with the context id */
  readonly problems: string[] = [];

  private ctx: {
    id: string;
    identifier: XbrlContext['identifier'];
    start?: string;
    end?: string;
    instant?: string;
    forever?: boolean;
    dimensions: Record<string, string>;
  } | null = null;
  private unit: { id: string; num: string[]; den: string[]; inDen: boolean } | null = null;
  private text = '';
  private capture: string | null = null;
  private typedDim: string | null = null;
  private typedDepth = 0;
  private identifierScheme = '';
  private explicitDim: string | null = null;

  constructor(private readonly ns: NamespaceScope) {}

  get active(): boolean {
    return this.ctx !== null || this.unit !== null;
  }

  open(uri: string, local: string, attrs: Record<string, string>): boolean {
    if (uri === NS.xbrli && local === 'context') {
      this.ctx = { id: attrs.id ?? '', identifier: null, dimensions: {} };
      return true;
    }
    if (uri === NS.xbrli && local === 'unit') {
      this.unit = { id: attrs.id ?? '', num: [], den: [], inDen: false };
      return true;
    }
    if (this.ctx) {
      if (this.typedDim) {
        this.typedDepth++;
        this.text = '';
        this.capture = 'typed';
        return true;
      }
      if (uri === NS.xbrli && ['identifier', 'startDate', 'endDate', 'instant'].includes(local)) {
        if (local === 'identifier') this.identifierScheme = attrs.scheme ?? '';
        this.capture = local;
        this.text = '';
      } else if (uri === NS.xbrli && local === 'forever') {
        this.ctx.forever = true;
      } else if (uri === NS.xbrldi && local === 'explicitMember') {
        this.explicitDim = attrs.dimension ? this.ns.canonical(attrs.dimension) : null;
        this.capture = 'explicit';
        this.text = '';
      } else if (uri === NS.xbrldi && local === 'typedMember') {
        this.typedDim = attrs.dimension ? this.ns.canonical(attrs.dimension) : null;
        this.typedDepth = 0;
        this.text = '';
        this.capture = 'typed';
      }
      return true;
    }
    if (this.unit) {
      if (uri === NS.xbrli && local === 'unitDenominator') this.unit.inDen = true;
      if (uri === NS.xbrli && local === 'measure') {
        this.capture = 'measure';
        this.text = '';
      }
      return true;
    }
    return false;
  }

  onText(t: string): void {
    if (this.capture) this.text += t;
  }

  close(uri: string, local: string): boolean {
    if (this.ctx) {
      const c = this.ctx;
      if (this.typedDim) {
        if (this.typedDepth > 0) {
          this.typedDepth--;
          return true;
        }
        if (uri === NS.xbrldi && local === 'typedMember') {
          c.dimensions[this.typedDim] = this.text.trim();
          this.typedDim = null;
          this.capture = null;
        }
        return true;
      }
      if (this.capture === local || (this.capture === 'explicit' && local === 'explicitMember')) {
        const value = this.text.trim();
        if (local === 'identifier') c.identifier = { scheme: this.identifierScheme, value };
        else if (local === 'startDate') c.start = value;
        else if (local === 'endDate') c.end = value;
        else if (local === 'instant') c.instant = value;
        else if (local === 'explicitMember' && this.explicitDim) c.dimensions[this.explicitDim] = this.ns.canonical(value);
        this.capture = null;
      }
      if (uri === NS.xbrli && local === 'context') {
        this.contexts.set(c.id, { id: c.id, identifier: c.identifier, period: this.period(c), dimensions: c.dimensions });
        this.ctx = null;
      }
      return true;
    }
    if (this.unit) {
      const u = this.unit;
      if (this.capture === 'measure' && local === 'measure') {
        const q = this.ns.resolve(this.text.trim());
        const name = q.uri === NS.iso4217 || q.uri === NS.xbrli ? q.local : q.prefix ? `${q.prefix}:${q.local}` : q.local;
        (u.inDen ? u.den : u.num).push(name);
        this.capture = null;
      }
      if (uri === NS.xbrli && local === 'unit') {
        const num = u.num.join('*');
        const den = u.den.join('*');
        this.units.set(u.id, parseUnit(num, den || null));
        this.unit = null;
      }
      return true;
    }
    return false;
  }

  private period(c: NonNullable<ContextUnitCollector['ctx']>): Period | null {
    if (c.forever) return null;
    if (c.instant !== undefined) {
      const d = xbrlDate(c.instant, true);
      if (!d) this.problems.push(`context ${c.id}: bad instant ${JSON.stringify(c.instant)}`);
      return d ? { type: 'instant', date: d } : null;
    }
    if (c.start !== undefined && c.end !== undefined) {
      const s = xbrlDate(c.start, false);
      const e = xbrlDate(c.end, true);
      if (!s || !e || s > e) {
        this.problems.push(`context ${c.id}: bad period ${JSON.stringify(c.start)}..${JSON.stringify(c.end)}`);
        return null;
      }
      return { type: 'duration', start: s, end: e };
    }
    this.problems.push(`context ${c.id}: no period`);
    return null;
  }
}

/** dei cover facts used for document metadata. */
export interface CoverFacts {
  documentType?: string;
  documentPeriodEndDate?: string;
  fiscalYearFocus?: string;
  fiscalPeriodFocus?: string;
  cik?: string;
  registrantName?: string;
  tradingSymbol?: string;
  currentFiscalYearEndDate?: string;
  amendmentFlag?: string;
  /** every dei:Security12bTitle of the cover, in order ("Class A Common Stock, $0.001 par value") */
  securityTitles?: string[];
}

const COVER: Record<string, Exclude<keyof CoverFacts, 'securityTitles'>> = {
  DocumentType: 'documentType',
  DocumentPeriodEndDate: 'documentPeriodEndDate',
  DocumentFiscalYearFocus: 'fiscalYearFocus',
  DocumentFiscalPeriodFocus: 'fiscalPeriodFocus',
  EntityCentralIndexKey: 'cik',
  EntityRegistrantName: 'registrantName',
  TradingSymbol: 'tradingSymbol',
  CurrentFiscalYearEndDate: 'currentFiscalYearEndDate',
  AmendmentFlag: 'amendmentFlag',
};

/** Records a dei fact into the cover (first value wins). Returns true when the concept is a cover fact. */
export function recordCover(cover: CoverFacts, concept: string, value: string): boolean {
  if (!concept.startsWith('dei:')) return false;
  if (concept === 'dei:Security12bTitle') {
    const title = value.trim().replace(/\s+/g, ' ');
    if (title && !(cover.securityTitles ??= []).includes(title)) cover.securityTitles.push(title);
    return true;
  }
  const key = COVER[concept.slice(4)];
  if (!key) return false;
  if (cover[key] === undefined && value.trim()) cover[key] = value.trim().replace(/\s+/g, ' ');
  return true;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function monthNumber(name: string): number | null {
  const i = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return i >= 0 ? i + 1 : null;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** `--09-30` / `09-30` / `0930` / `September 28` → `0930`. */
export function mmddOf(v: string | undefined): string | null {
  if (!v) return null;
  const t = v.trim();
  const named = /^([A-Za-z]+)\.?\s+(\d{1,2})\b/.exec(t) ?? /^(\d{1,2})\s+([A-Za-z]+)/.exec(t);
  if (named) {
    const [a, b] = /^\d/.test(named[1]!) ? [named[2]!, named[1]!] : [named[1]!, named[2]!];
    const month = monthNumber(a);
    if (month) return `${pad2(month)}${pad2(Number(b))}`;
  }
  const m = /(\d{2})-?(\d{2})\s*$/.exec(t);
  return m ? `${m[1]}${m[2]}` : null;
}

/** A cover date as filed (`2024-09-28`, `September 28, 2024`, `28 September 2024`) → ISO, or null. */
export function coverDate(v: string | undefined): string | null {
  if (!v) return null;
  const t = v.trim().replace(/\s+/g, ' ');
  const iso = /^(\d{4}-\d{2}-\d{2})/.exec(t);
  if (iso && isISODate(iso[1]!)) return iso[1]!;
  let m = /^([A-Za-z]+)\.? (\d{1,2}),? (\d{4})$/.exec(t);
  let month: number | null = null;
  let day = 0;
  let year = 0;
  if (m) {
    month = monthNumber(m[1]!);
    day = Number(m[2]);
    year = Number(m[3]);
  } else if ((m = /^(\d{1,2}) ([A-Za-z]+),? (\d{4})$/.exec(t))) {
    month = monthNumber(m[2]!);
    day = Number(m[1]);
    year = Number(m[3]);
  } else if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t))) {
    month = Number(m[1]);
    day = Number(m[2]);
    year = Number(m[3]);
  }
  if (!month) return null;
  const d = `${year}-${pad2(month)}-${pad2(day)}`;
  return isISODate(d) ? d : null;
}

/** Parses an XBRL `decimals` attribute: INF → null. */
export function parseDecimals(v: string | undefined): number | null {
  if (v === undefined) return null;
  const t = v.trim();
  if (t === '' || t.toUpperCase() === 'INF') return null;
  const n = Number.parseInt(t, 10);
  return Number.isFinite(n) ? n : null;
}
