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
