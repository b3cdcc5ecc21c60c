/**
 * Units as filed (companyfacts unit keys, XBRL unit measures) → the stored unit and currency.
 *
 * Recognized: ISO 4217 currencies (`USD`), currency per share or per unit (`USD/shares`,
 * `USD/PartnershipUnit`), `shares`, `pure`. Anything else (`Store`, `sqft`, `Segment`, `Year`) is
 * kept but quarantined as UNIT_UNKNOWN, so nothing is lost and nothing unknown is computed with.
 */

const ISO_CURRENCIES: ReadonlySet<string> = new Set(
  (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : []).concat([
    'USD',
    'EUR',
    'GBP',
    'JPY',
    'CNY',
    'INR',
    'CAD',
    'AUD',
    'CHF',
    'HKD',
    'SGD',
    'KRW',
    'TWD',
    'BRL',
    'MXN',
    'COP',
    'CRC',
    'PEN',
    'CLP',
    'ARS',
    'ZAR',
    'SEK',
    'NOK',
    'DKK',
    'ILS',
    'RUB',
    'TRY',
    'PLN',
    'NZD',
  ]),
);

export type UnitKind = 'monetary' | 'per_share' | 'shares' | 'pure' | 'unknown';

export interface ParsedUnit {
  /** unit as stored: `USD`, `USD/shares`, `shares`, `pure`, or the filed unit when unknown */
  unit: string;
  currency: string | null;
  kind: UnitKind;
}

export function isIsoCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && ISO_CURRENCIES.has(code);
}

/** Strips a namespace prefix (`iso4217:USD` → `USD`, `xbrli:shares` → `shares`). */
function localName(measure: string): string {
  const i = measure.lastIndexOf(':');
  return i >= 0 ? measure.slice(i + 1) : measure;
}

function isShares(name: string): boolean {
  return /^shares?$/i.test(name);
}

/**
 * Parses a unit given as companyfacts writes it (`USD`, `USD/shares`, `shares`, `pure`) or as XBRL
 * measures (numerator and optional denominator measures, possibly prefixed).
 */
export function parseUnit(numerator: string, denominator?: string | null): ParsedUnit {
  let num = numerator.trim();
  let den = denominator?.trim() || null;
  if (!den && num.includes('/')) {
    const [a, b] = num.split('/', 2);
    num = a!.trim();
    den = b!.trim();
  }
  const n = localName(num);
  const d = den ? localName(den) : null;
  if (!d) {
    if (isIsoCurrency(n)) return { unit: n, currency: n, kind: 'monetary' };
    if (isShares(n)) return { unit: 'shares', currency: null, kind: 'shares' };
    if (n.toLowerCase() === 'pure') return { unit: 'pure', currency: null, kind: 'pure' };
    return { unit: n, currency: null, kind: 'unknown' };
  }
  if (isIsoCurrency(n)) {
    if (isShares(d)) return { unit: `${n}/shares`, currency: n, kind: 'per_share' };
    // per partnership unit, per share unit, per ADS: a per-unit monetary amount
    if (/share|unit|ads/i.test(d)) return { unit: `${n}/${d}`, currency: n, kind: 'per_share' };
  }
  return { unit: `${n}/${d}`, currency: null, kind: 'unknown' };
}
