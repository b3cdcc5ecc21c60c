/**
 * Public float as the cover page of a 10-K prints it: the aggregate market value of the common equity held by
 * non-affiliates (dei:EntityPublicFloat), in the forms filers word the caption; ask-only aliases.
 */
export const PUBLIC_FLOAT_ALIASES: string[] = [
  'public float',
  'aggregate market value held by non-affiliates',
  'market value of non-affiliates',
  'aggregate market value of common stock held by non-affiliates',
  'aggregate market value of the common stock held by non-affiliates',
  'aggregate market value of voting stock held by non-affiliates',
  'aggregate market value of the voting and non-voting common equity held by non-affiliates',
  'aggregate market value of the voting and non-voting stock held by non-affiliates',
  'aggregate market value of voting and non-voting stock held by non-affiliates',
  'aggregate market value of voting and non-voting common equity held by non-affiliates',
  'aggregate market value of the voting and non-voting common stock held by non-affiliates',
  'aggregate market value of voting and non-voting common stock held by non-affiliates',
  'market value of common equity held by non-affiliates',
  'market value held by non-affiliates',
];

/** The par value per share of common stock as the balance sheet's caption and the cover's security title give it. */
const PAR_VALUE_ALIASES: string[] = [
  'par value per share',
  'par value per share of common stock',
  'par value of common stock',
  'par value of the common stock',
  'par value',
  'par value per common share',
  'common stock par value',
  'common stock par value per share',
  'par or stated value per share',
  'stated value per share',
];

/** The figures of a filing's cover page and its security title, as line items (lib/ontology/line-items). */
export const COVER_ITEMS = [
  {
    id: 'public_float',
    label: 'Public float',
    periodType: 'instant' as const,
    unitKind: 'monetary' as const,
    sign: 'positive' as const,
    aliases: PUBLIC_FLOAT_ALIASES,
    concepts: ['dei:EntityPublicFloat'],
    constraints: { nonNegative: true },
  },
  {
    id: 'par_value_per_share',
    label: 'Par value per share',
    periodType: 'instant' as const,
    unitKind: 'per_share' as const,
    sign: 'positive' as const,
    aliases: PAR_VALUE_ALIASES,
    concepts: ['us-gaap:CommonStockParOrStatedValuePerShare'],
    constraints: { nonNegative: true },
  },
];
