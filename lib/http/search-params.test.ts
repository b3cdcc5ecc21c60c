import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseSearchParams } from './search-params';

const schema = z.object({
  q: z.string().trim().max(10).optional(),
  page: z.coerce.number().int().min(1).default(1),
  dir: z.enum(['asc', 'desc']).default('desc'),
});

describe('parseSearchParams', () => {
  it.each<[string, Record<string, string | string[] | undefined>, z.infer<typeof schema>]>([
    ['values the schema accepts', { q: ' apple ', page: '3', dir: 'asc' }, { q: 'apple', page: 3, dir: 'asc' }],
    ['a repeated key: its first value', { page: ['2', '9'] }, { q: undefined, page: 2, dir: 'desc' }],
    ['an empty value is absent', { q: '', page: '' }, { q: undefined, page: 1, dir: 'desc' }],
    [
      'a refused value falls back to the default, not an error',
      { page: '-4', dir: 'sideways', q: 'x'.repeat(11) },
      { q: undefined, page: 1, dir: 'desc' },
    ],
    ['keys the schema does not name are dropped', { other: '1' }, { q: undefined, page: 1, dir: 'desc' }],
  ])('%s', (_name, params, want) => {
    expect(parseSearchParams(schema, params)).toEqual(want);
  });
});
