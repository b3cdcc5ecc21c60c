/**
 * Unit lines of report tables: "(₹ in crore)", "(J in crore)", "Rs. in lakhs", "All amounts in ₹ crore
 * unless otherwise stated", "(in millions, except per share data)", "$ in thousands", "(In millions
 * of U.S. dollars)", "Amount in INR million". A unit line gives a scale (power of ten) and, usually, a
 * currency; "except per share" marks per-share rows as unscaled.
 */

export interface UnitLine {
  /** the text the unit was read from */
  text: string;
  /** power of ten: 0, 3 (thousand), 5 (lakh), 6 (million), 7 (crore), 9 (billion) */
  scale: number;
  currency: string | null;
  /** "except per share data": per-share (and share-count) rows are not scaled */
  exceptPerShare: boolean;
  /** "(shares in 000's)": the line scales share counts, not amounts */
  sharesOnly?: boolean;
}

const SCALE_WORDS: [RegExp, number][] = [
  [/\b(?:crores?|cr\.?)(?![a-z])/i, 7],
  [/\b(?:lakhs?|lacs?)\b/i, 5],
  [/\b(?:billions?|bn)\b/i, 9],
  [/\b(?:millions?|mn|mio)\b/i, 6],
  [/\b(?:thousands?|['’]000s?|000['’]?s)(?![a-z])/i, 3],
];

const CURRENCY_WORDS: [RegExp, string][] = [
  [/₹|\brs\.?(?=\s|$|\))|\binr\b|\brupees?\b|(?:^|[\s(])[JH`](?=\s+in\b)|(?:^|[\s(])[JH`]\s*(?=crore|lakh|million)/i, 'INR'],
  [/us\$|\busd\b|u\.s\. dollars|\bdollars\b|\$/i, 'USD'],
  [/€|\beur\b|\beuros?\b/i, 'EUR'],
  [/£|\bgbp\b|\bpounds sterling\b/i, 'GBP'],
];

/** Is the text a unit line (short, names a scale or a currency with "in")? */
export function parseUnitLine(text: string): UnitLine | null {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length === 0 || t.length > 200) return null;
  // the first scale named is the table's; later ones are exceptions ("In millions, except number of
  // shares which are reflected in thousands")
  let scale: number | null = null;
  let at = Infinity;
  for (const [re, s] of SCALE_WORDS) {
    const m = re.exec(t);
    if (m && m.index < at) {
      scale = s;
      at = m.index;
    }
  }
  let currency: string | null = null;
  for (const [re, code] of CURRENCY_WORDS) {
    if (re.test(t)) {
      currency = code;
      break;
    }
  }
  const unitish =
    /^\(?\s*(?:\$|us\$|usd|dollars|amounts?)?\s*(?:in\s+)?(?:millions?|thousands?|billions?)\s*(?:of\s+(?:u\.s\.\s+)?dollars)?\s*\)?$/i.test(
      t,
    ) ||
    // "(Millions, except share data)", "(Millions unless noted)", "Millions, except percentages"
    /^\(?\s*(?:\$\s*)?(?:millions|thousands|billions)\s*(?:,\s*|\s+)(?:except|unless|other than)\b/i.test(t) ||
    /\b(?:in|amounts?|figures|rupees|dollars|currency)\b|^\(?\s*(?:₹|\$|rs\.?|inr|usd|[JH])\s*(?:in\b|crore|lakh|million|thousand|billion)/i.test(
      t,
    );
  if (!unitish) return null;
  // a sentence that merely mentions millions ("revenue grew by 5 million units") is not a unit line
  if (t.length > 60 && !/\b(?:amounts?|figures|all|unless|except|otherwise|stated|expressed|presented|reported)\b/i.test(t)) return null;
  if (scale === null) {
    // "(₹)", "(in ₹)", "Amount in INR": units of the currency itself
    if (currency && /^\(?\s*(?:amounts?\s+)?(?:in\s+)?(?:₹|rs\.?|inr|\$|usd|us\$|[JH])\s*\)?$/i.test(t)) scale = 0;
    else if (currency && /\b(?:in|amounts? in)\s+(?:₹|rs\.?|inr|\$|usd|us\$|rupees|dollars)\s*\)?\s*$/i.test(t)) scale = 0;
    else return null;
  }
  if (currency === null && scale === 7) currency = 'INR';
  if (currency === null && scale === 5) currency = 'INR';
  const sharesOnly = /^\(?\s*(?:number\s+of\s+)?shares\s+(?:are\s+)?in\b/i.test(t);
  return {
    text: t,
    scale,
    currency,
    ...(sharesOnly ? { sharesOnly } : {}),
    exceptPerShare: /except\b.*\bper[- ]share|per[- ]share\b.*\bexcept/i.test(t) || /except\s+(?:share|per|number of shares)/i.test(t),
  };
}

/**
 * The scale a unit line gives the share counts it excepts from its own ("In millions, except number of
 * shares which are reflected in thousands and per share amounts" → 3); null when it gives none.
 */
export function exceptedShareScale(text: string): number | null {
  // (or names their own: "In millions and shares in thousands")
  const m =
    /\bexcept\b[^)]*?\bshares?\b[^)]*?\b(?:reflected|presented|stated|shown|are|expressed)?\s*in\s+(thousands|millions|billions)\b/i.exec(
      text,
    ) ?? /\band\s+shares\s+(?:are\s+)?in\s+(thousands|millions|billions)\b/i.exec(text);
  if (!m) return null;
  return SCALE_WORDS.find(([re]) => re.test(m[1]!))?.[1] ?? null;
}

/** Finds a unit line inside a longer text (caption, title line): the parenthesised or trailing unit phrase. */
export function findUnitLine(text: string): UnitLine | null {
  const t = text.replace(/\s+/g, ' ').trim();
  const whole = parseUnitLine(t);
  if (whole && t.length <= 60) return whole;
  for (const m of t.matchAll(/\(([^()]{2,200})\)/g)) {
    const u = parseUnitLine(m[1]!);
    if (u) return u;
  }
  // (keeping "$ and shares" of "$ and shares in millions, except per share amounts (unaudited)": the shares' scale too)
  const tail =
    /(?:all\s+)?(?:amounts?|figures)?\s*(?:(?:\$|₹|dollars)\s+and\s+shares\s+|shares\s+and\s+(?:\$|₹|dollars)\s+)?(?:are\s+)?in\s+(?:₹|rs\.?|inr|\$|usd|us\$|[JH])?\s*(?:crores?|lakhs?|millions?|thousands?|billions?)(?:[^.;]{0,60})?$/i.exec(
      t,
    );
  if (tail) return parseUnitLine(tail[0]);
  return whole;
}

/** Scale and currency a row label implies on its own: EPS in ₹, percentages, share counts. */
export type RowUnitKind = 'per_share' | 'percent' | 'shares' | 'count' | 'years' | null;

export function rowUnitKind(label: string): RowUnitKind {
  // (a rate quoted in parentheses describes the amount, it is not the row's unit: "Dividends declared ($5.88
  // per share, Note 8)" is the total declared; "Face value of long-term debt" is no face value per share)
  const l = label
    .toLowerCase()
    .replace(/\([^()]*[$₹€£]\s?\d[^()]*\)/g, ' ')
    .replace(/,\s*[$₹€£]\s?\d[\d.,]*\s+per\s+(?:common\s+|ordinary\s+|equity\s+)?share\b/g, ' ');
  // "Weighted-average remaining lease term (years)", "… contractual term (in years)": a length of time
  if (/\((?:in\s+)?years\)|\b(?:term|life)\b.*\bin years\b/.test(l)) return 'years';
  // "Weighted-average shares used in computation of earnings per share": the shares, not the per-share amount
  if (
    /^(?:weighted[- ]average|average)\s+(?:number\s+of\s+)?(?:common\s+|ordinary\s+|equity\s+|basic\s+|diluted\s+)?shares\b(?!.*\b(?:price|fair value|amount)\b)|\bshares used (?:in|to|for) (?:the )?(?:comput|calculat)/.test(
      l,
    )
  )
    return 'shares';
  if (
    /\bper (?:equity |ordinary |common )?share\b|earnings per|\beps\b|\bdividends? per\b|face value\b.*\bshares?\b|\bshares?\b.*\bface value/.test(
      l,
    )
  )
    return 'per_share';
  if (/^(?:basic|diluted)\b/.test(l) && /\(in [₹$]|\(₹\)|\(\$\)|\(rs/i.test(label)) return 'per_share';
  // "1.600% Senior Notes due April 2030" is a debt instrument named by its coupon, not a percentage
  // ("3.25% 2025 Notes", "4.70% Notes due 2026")
  const coupon = /\d%\s+(?:senior\s+|subordinated\s+|convertible\s+|unsecured\s+|(?:19|20)\d{2}\s+)*(?:notes?|debentures?|bonds?)\b/.test(
    l,
  );
  if (!coupon && /%|\bpercent(?:age)?\b|\bmargin\b|\bratio\b|\(times\)|\btimes\b/.test(l)) return 'percent';
  if (
    /\bnumber of (?:equity |ordinary |common )?shares\b|\bshares outstanding\b|weighted[- ]average (?:number of )?(?:basic |diluted )?(?:equity |common )?shares|^(?:common |preferred )?shares (?:purchased|repurchased|issued|outstanding|authorized|at (?:period|year|quarter)[- ]end)\b|^average (?:common |basic |diluted )?shares\b/.test(
      l,
    )
  )
    return 'shares';
  // other counts of shares: "Weighted average outstanding shares of common stock", "Weighted-average common and
  // common equivalent shares – diluted", "Effect of dilutive shares", "Dilutive potential common shares from stock
  // plans", "Potential shares which were anti-dilutive …", "Shares of common stock" (repurchased) — not amounts
  // ("Weighted-average grant date fair value of shares", "Proceeds from shares issued" stay money)
  const moneyWords =
    /\b(?:price|fair value|values?|amounts?|cost|proceeds|paid|payments?|dividends?|par|premium|capital|compensation|expense|income|loss|gains?|\$)/;
  if (
    !moneyWords.test(l) &&
    (/\bweighted[- ]average\b.*\bshares\b/.test(l) ||
      /\b(?:anti-?\s?dilutive|dilutive|potential)\b.*\bshares\b/.test(l) ||
      /^shares of (?:common |class [a-c] )?stock\b/.test(l))
  )
    return 'shares';
  if (/\bnumber of\b|\bheadcount\b|\bunit counts?\b|\bretail units\b/.test(l)) return 'count';
  // ("Revenue from contracts with customers", "Sales to customers", "Stores' operating expenses" are amounts)
  if (
    /\bemployees\b|\bstores\b|\bcustomers\b/.test(l) &&
    !/\b(?:revenues?|sales|income|expenses?|costs?|fees|loans?|receivables?|deposits?|payables?|liabilities|assets|compensation|benefits|amounts?|proceeds|payments?)\b|\$/.test(
      l,
    )
  )
    return 'count';
  return null;
}
