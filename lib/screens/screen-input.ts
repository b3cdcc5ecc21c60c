import { z } from 'zod';

/**
 * A universe screen: every company of the tenant, each on its own fiscal period. Columns are measures, ratios
 * of two measures, or growth of a measure over the company's previous fiscal year; filters keep the companies
 * whose column clears a threshold; the rows are ranked by one column and cut to the top N.
 * "Fiscal 2024" is each company's own fiscal year labelled 2024; "calendar 2024" is the fiscal year that ends in
 * 2024 (the answer says which one was used, company by company).
 */
const metricId = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9_:.-]+$/i, 'a metric id');

export const screenColumnSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('measure'), id: z.string().min(1).max(40), metric: metricId }),
  z.object({ kind: z.literal('ratio'), id: z.string().min(1).max(40), numerator: metricId, denominator: metricId }),
  z.object({ kind: z.literal('growth'), id: z.string().min(1).max(40), metric: metricId }),
]);

export const screenInputSchema = z
  .object({
    year: z.number().int().min(1900).max(2200),
    /** fiscal: the company's fiscal year labelled `year`; calendar: its fiscal year that ends in calendar `year` */
    yearBasis: z.enum(['fiscal', 'calendar']).default('fiscal'),
    columns: z.array(screenColumnSchema).min(1).max(8),
    filters: z
      .array(z.object({ column: z.string(), op: z.enum(['>', '>=', '<', '<=']), value: z.number().finite() }))
      .max(8)
      .default([]),
    sort: z.object({ column: z.string(), direction: z.enum(['asc', 'desc']).default('desc') }).optional(),
    limit: z.number().int().min(1).max(1000).default(25),
    /** SIC codes (EDGAR submissions) the companies must carry: exact codes, or a 2- or 3-digit prefix ("367") */
    sic: z
      .array(z.string().regex(/^\d{2,4}$/))
      .max(50)
      .optional(),
  })
  .superRefine((v, ctx) => {
    const ids = v.columns.map((c) => c.id);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: 'column ids must be distinct', path: ['columns'] });
    for (const [i, f] of v.filters.entries())
      if (!ids.includes(f.column)) ctx.addIssue({ code: 'custom', message: `filter on unknown column ${f.column}`, path: ['filters', i] });
    if (v.sort && !ids.includes(v.sort.column))
      ctx.addIssue({ code: 'custom', message: `sort by unknown column ${v.sort.column}`, path: ['sort', 'column'] });
  });

export type ScreenInput = z.input<typeof screenInputSchema>;
export type ScreenSpec = z.output<typeof screenInputSchema>;
export type ScreenColumn = z.output<typeof screenColumnSchema>;
