/**
 * The judgement reader: recognises the questions an equity analyst answers with a computed analysis
 * and a stated rule rather than one figure — "Is 3M capital-intensive?", "Is the quick ratio
 * healthy?", "Has the quick ratio improved or declined?", "Does it have positive working capital?",
 * "Does it have an improving operating margin profile?", "Are gross margins consistent (not
 * fluctuating more than 2%)?", "What drove the operating margin change?", "How did the effective tax
 * rate change?", "Has it increased its debt?", "Which of operating, investing and financing activities
 * brought in the most cash?", "Is the dividend sustainable?", "Is leverage high?". It reads what to
 * analyse (and which measure, threshold or direction the question states); the companies and periods
 * are read by the planner's own readers. Pure: no database.
 */
import type { AnalysisId, JudgementRead } from './types';

/** The margin a question names, as the ontology's formula id. */
const MARGINS: [RegExp, string][] = [
  [/\bgross\s+(?:profit\s+)?margins?\b/i, 'gross_margin'],
  [/\b(?:operating|op|ebit|operating\s+income|operating\s+profit)\s+margins?\b/i, 'operating_margin'],
  [/\bebitda\s+(?:%\s+)?margins?\b/i, 'ebitda_margin'],
  [/\b(?:net|net\s+profit|net\s+income|profit)\s+margins?\b/i, 'net_margin'],
  [/\bpre-?tax\s+margins?\b/i, 'pretax_margin'],
  [/\b(?:free\s+cash\s*flow|fcf)\s+margins?\b/i, 'fcf_margin'],
];

/** Ratios whose trend a question may ask about, higher being better (margins, conversion, coverage, returns). */
const RATIOS: [RegExp, string][] = [
  ...MARGINS,
  [/\b(?:free\s+cash\s*flow|fcf)\s+conversion\b/i, 'fcf_conversion'],
  [/\binterest\s+coverage\b/i, 'interest_coverage'],
  [/\breturn\s+on\s+(?:average\s+)?equity\b|\broe\b/i, 'roe'],
  [/\breturn\s+on\s+(?:average\s+)?assets\b|\broa\b/i, 'roa'],
  [/\bquick\s+ratio\b|\bacid[- ]test\b/i, 'quick_ratio'],
  [/\bcurrent\s+ratio\b/i, 'current_ratio'],
  [/\bcash\s+ratio\b/i, 'cash_ratio'],
];

const LIQUIDITY_RATIOS: [RegExp, string][] = RATIOS.filter(([, id]) => /quick|current|cash_ratio/.test(id));

/** A yes/no question: opens with an auxiliary verb. */
const YES_NO = /^\s*(?:is|are|was|were|has|have|had|does|do|did|can|could|will|would|should)\b/i;
/** "If operating margin is not a useful metric for a company like this, then state that and explain why." */
const APPLICABILITY =
  /\bif\s+(?:the\s+)?[\w\s&%-]{2,60}?\s+(?:is|are)\s+not\s+(?:a\s+)?(?:useful|relevant|meaningful|appropriate|something)\b[^.?!]*[.?!]?(?:\s*(?:then\s+)?(?:please\s+)?(?:state|explain)[^.?!]*[.?!]?)*/i;
const IMPROVING = /\b(?:improv(?:e|es|ed|ing|ement)|expand(?:ed|ing)?|expansion|strengthen(?:ed|ing)?|better)\b/i;
const WORSENING = /\b(?:deteriorat(?:e|ed|ing)|declin(?:e|ed|ing)|contract(?:ed|ing)?|worsen(?:ed|ing)?|compress(?:ed|ion)?)\b/i;
const STABLE = /\b(?:consistent|stable|steady|volatile|volatility|fluctuat\w*|swing\w*|vary|varied|varies)\b/i;
const DRIVERS =
  /\b(?:what|which\s+\w+)\b[^.?!]{0,40}\b(?:drove|drive|drives|driving|driven|caused?|causing|explains?|behind|led\s+to|contributed|accounts?\s+for)\b|\bdrivers?\s+of\b|\bwhy\s+(?:did|has|was)\b/i;
const UP =
  /\b(?:increas(?:e|es|ed|ing)|rais(?:e|es|ed|ing)|r[io]se|rising|gr[eo]w(?:n|th|s|ing)?|higher|go(?:ne)?\s+up|went\s+up|add(?:ed)?)\b/i;
const DOWN =
  /\b(?:decreas(?:e|es|ed|ing)|declin(?:e|es|ed|ing)|drop(?:s|ped)?|f[ae]ll|falling|reduc(?:e|es|ed|ing|tion)|lower|shr[aiu]nk|cut|go(?:ne)?\s+down|went\s+down)\b/i;
const CHANGE = /\b(?:change[ds]?|chang(?:ing)|differ(?:ence|ent)?|mov(?:e|ed|ement))\b/i;

/** "(not fluctuating more than roughly 2% each year)": the band a stability question states, in percentage points. */
function statedBand(q: string): number | null {
  const m =
    /\b(?:more|greater|larger)\s+than\s+(?:roughly\s+|about\s+|around\s+|approximately\s+|~\s*)?(\d+(?:\.\d+)?)\s*(?:%|percent\b|per\s+cent\b|percentage\s+points?\b|pp\b|points?\b)/i.exec(
      q,
    );
  return m ? Number(m[1]) : null;
}

function bandOf(q: string): { band?: number } {
  const band = statedBand(q);
  return band === null ? {} : { band };
}

function firstOf(q: string, table: [RegExp, string][]): { id: string; index: number } | null {
  let best: { id: string; index: number } | null = null;
  for (const [re, id] of table) {
    const m = re.exec(q);
    if (m && (!best || m.index < best.index)) best = { id, index: m.index };
  }
  return best;
}

/** "represent more than 20% of", "account for over 10% of" */
const SHARE_OVER =
  /\b(?:represent|account(?:s|ed)?\s+for|make\s+up|makes\s+up|made\s+up|comprise|constitute|contribute)\w*\s+(?:more\s+than|greater\s+than|over|above|at\s+least|in\s+excess\s+of)\s+(\d+(?:\.\d+)?)\s*(?:%|percent\b|per\s+cent\b)\s+of\b/i;
/** "the largest investment among the short-term investments", "the biggest part of its revenue" */
const LARGEST_AMONG =
  /\b(?:largest|biggest|greatest)\b[^.?!]{0,60}?\bamong\b|\b(?:largest|biggest|greatest)\s+(?:share|part|portion|component|contributor|piece)\s+of\b/i;

/**
 * A question about the parts of a reported total: a share threshold ("Are there any categories that
 * represent more than 20% of revenue?") or the largest part ("the largest investment among its
 * short-term investments"); `totalText` names the total.
 */
function readComposition(q: string): Partial<JudgementRead> | null {
  const over = SHARE_OVER.exec(q);
  if (over) return { threshold: Number(over[1]), totalText: q.slice(over.index + over[0].length) };
  const among = LARGEST_AMONG.exec(q);
  return among ? { totalText: q.slice(among.index + among[0].length) } : null;
}

/** "any materially important ongoing legal battles", "significant lawsuits", "pending litigation" */
const LITIGATION =
  /\b(?:legal\s+(?:battles?|proceedings|actions?|disputes?|matters|cases?|challenges?)|litigations?|lawsuits?|law\s+suits?|court\s+(?:cases?|battles?)|being\s+sued)\b/i;

/** an amount tied to litigation ("its litigation reserve", "legal costs"): a figure, not a verdict */
const LITIGATION_FIGURE =
  /\b(?:reserves?|expenses?|costs?|accru\w*|liabilit\w*|charges?|provisions?|payments?|settlements?|amounts?|how\s+much|how\s+many)\b/i;

/** "registered to trade on a national securities exchange", "registered under Section 12(b)", "listed on the exchange" */
const REGISTERED =
  /\bregistered\b[^.?!]{0,80}(?:\b(?:exchanges?|trade|trading)\b|\bsection\s+12\s*\(b\))|\blisted\s+(?:on|to\s+trade)\b[^.?!]{0,40}\bexchanges?\b/i;

/** "the geographies", "which regions", "what geographic markets", "which countries" */
const GEOGRAPHIES =
  /\b(?:what|which|where|list|name)\b[^.?!]{0,30}\b(?:geograph(?:y|ies|ic(?:al)?\s+(?:regions?|areas?|markets?|segments?))|regions|countries|geographic\s+markets)\b|\bwhere\s+(?:does|do|did)\b[^.?!]{0,60}\boperat/i;

/** The judgement a question asks for, or null when it asks for figures or passages only. */
export function readJudgement(question: string): JudgementRead | null {
  const applicability = APPLICABILITY.exec(question);
  // the applicability clause asks a second thing ("… then state that"): it is read, not searched for measures
  const q = applicability
    ? question.slice(0, applicability.index) + question.slice(applicability.index + applicability[0].length)
    : question;
  const yesNo = YES_NO.test(q);
  const out = (analysis: AnalysisId, extra: Partial<JudgementRead> = {}): JudgementRead => ({
    analysis,
    yesNo,
    applicability: !!applicability,
    ...extra,
  });
  const ratio = firstOf(q, RATIOS);
  const margin = firstOf(q, MARGINS);

  // whether the business is cyclical or seasonal, by what its filing says
  const characteristic = /\bcyclical(?:ity)?\b|\bcycles?\b/i.test(q) ? 'cyclical' : /\bseasonal(?:ity)?\b/i.test(q) ? 'seasonal' : null;
  // a figure asked about ("Did its litigation reserve rise?", "Did seasonal sales grow?") is no verdict on what the filing says
  const figureAsked = UP.test(q) || DOWN.test(q) || CHANGE.test(q) || IMPROVING.test(q) || WORSENING.test(q) || LITIGATION_FIGURE.test(q);
  if (yesNo && characteristic && !figureAsked) return out('cyclicality', { characteristic });
  // whether the company is in (material) litigation, by what its filing says
  if (yesNo && LITIGATION.test(q) && !figureAsked) return out('litigation');
  // the securities registered on an exchange (the cover's Section 12(b) table)
  if (REGISTERED.test(q) && /\b(?:securities|notes|bonds|debentures|debt|shares|stock|classes)\b/i.test(q))
    return out('registered_securities', {
      securities: /\b(?:debt|notes?|bonds?|debentures?)\b/i.test(q) ? 'debt' : /\b(?:shares|stock|equity)\b/i.test(q) ? 'equity' : 'any',
    });
  // where the company operates ("What are the geographies it primarily operates in?"): its revenue by region
  if (GEOGRAPHIES.test(q) && /\b(?:operat\w*|do(?:es)?\s+business|sells?|present|presence|active|serves?)\b/i.test(q) && !yesNo)
    return out('geographies');
  const parts = readComposition(q);
  if (parts) return out('composition', parts);
  const largest = /\b(?:largest|biggest|greatest|single\s+largest)\s+(asset|liabilit)(?:y|ies|s)?\b/i.exec(q);
  if (largest) return out('largest_line', { section: /^asset/i.test(largest[1] ?? '') ? 'assets' : 'liabilities' });
  if (/\bcapital[- ]intensi(?:ve|ty)\b|\basset[- ](?:heavy|light)\b/i.test(q)) return out('capital_intensity');
  if (/\b(?:positive|negative)\s+(?:net\s+)?working\s+capital\b|\bworking\s+capital\s+(?:positive|negative|deficit|surplus)\b/i.test(q))
    return out('working_capital');
  if (margin && DRIVERS.test(q)) return out('margin_drivers', { measure: margin.id });
  // what a filing says ("How did its discussion of the tax rate change?"), a pace ("is growth slowing?") or a
  // comparison of companies ("grow faster than") is not a verdict on one company's figures
  if (/\b(?:discussion|discuss\w*|describ\w*|description|say|says|said|language|wording|disclos\w*|mention\w*)\b/i.test(q)) return null;
  if (/\b(?:slow\w*|accelerat\w*|decelerat\w*|faster|pace|outpac\w*|outgr[eo]w\w*)\b/i.test(q)) return null;
  if (margin && STABLE.test(q))
    return out('margin_stability', {
      measure: margin.id,
      ...bandOf(q),
      askStable: /\b(?:consistent|stable|steady)\b/i.test(q),
    });
  const liquidity = firstOf(q, LIQUIDITY_RATIOS);
  if (liquidity && /\b(?:healthy|strong|weak|adequate|sufficient|good|comfortable|concerning|enough|solid|poor)\b/i.test(q))
    return out('liquidity', { measure: liquidity.id });
  // a trend asked as a verdict ("Does it have an improving …?", "Has it improved or declined?"); "margin expansion FY2025 vs FY2024" asks for the figure
  const choice = IMPROVING.test(q) && WORSENING.test(q);
  if (ratio && (yesNo || choice) && (IMPROVING.test(q) || WORSENING.test(q)))
    return out('trend', {
      measure: ratio.id,
      direction: IMPROVING.test(q) ? 'up' : 'down',
      ...(choice ? { choice: true } : {}),
    });
  if (
    /\beffective\s+(?:income\s+)?tax\s+rates?\b|\bETR\b/.test(q) &&
    (CHANGE.test(q) || /\bcompare|\bvs\.?\b|\bversus\b/i.test(q) || UP.test(q) || DOWN.test(q))
  )
    return out('tax_rate_change');
  if (
    /\boperat\w*\b[^.?!]{0,40}\binvest\w*\b[^.?!]{0,40}\bfinanc\w*\b/i.test(q) &&
    /\b(?:most|least|largest|biggest|highest|lowest|which)\b/i.test(q)
  )
    return out('cash_flow_mix');
  if (
    /\bdividends?\b[^.?!]{0,60}\b(?:sustainab\w*|afford\w*|covered|coverage|safe|at\s+risk)\b|\b(?:afford|sustain)\w*\b[^.?!]{0,40}\b(?:dividends?|buybacks?|repurchases?)\b/i.test(
      q,
    )
  )
    return out('dividend_capacity');
  if (
    /\b(?:leverage|indebtedness|debt\s+(?:load|burden|levels?))\b/i.test(q) &&
    /\b(?:high|low|healthy|manageable|concerning|excessive|too|comfortable|sustainable)\b/i.test(q)
  )
    return out('leverage');
  // a threshold ("grow more than 10%", "exceed $400bn") is the planner's verdict, said from its figures
  const threshold = /\b(?:more|less|greater|fewer|higher|lower)\s+than\b|\b(?:above|below|exceed\w*|at\s+least|at\s+most)\b/i.test(q);
  if (
    yesNo &&
    !threshold &&
    applicability === null &&
    (UP.test(q) || DOWN.test(q) || /\bany\s+(?:change|drop|decline|increase|decrease|fall|rise)\b/i.test(q)) &&
    !DRIVERS.test(q)
  ) {
    const up = UP.test(q);
    const down = DOWN.test(q);
    return out('direction', { direction: up && !down ? 'up' : down && !up ? 'down' : 'any', ...(up && down ? { choice: true } : {}) });
  }
  if (applicability && margin) return out('trend', { measure: margin.id, direction: 'up' });
  return null;
}
