import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formInput } from './form';

const schema = z.object({
  id: z.string().min(1, 'An id is needed.'),
  roles: z.array(z.enum(['a', 'b'])).max(2),
  note: z.string().optional(),
  ticker: z.string().nullable(),
  count: z.coerce.number().optional(),
  apply: z.enum(['0', '1']).default('0'),
});

function form(entries: [string, string][]): FormData {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
}

describe('formInput (one schema for form and server)', () => {
  it('reads arrays with getAll, drops empty optionals, nulls empty nullables, keeps empty required fields', () => {
    const raw = formInput(
      schema,
      form([
        ['id', ''],
        ['roles', 'a'],
        ['roles', 'b'],
        ['note', ''],
        ['ticker', ''],
        ['count', ''],
        ['$ACTION_ID_x', '1'],
        ['extra', 'x'],
      ]),
    );
    expect(raw).toEqual({ id: '', roles: ['a', 'b'], ticker: null });
    const parsed = schema.safeParse(raw);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.message)).toEqual(['An id is needed.']);
  });
  it('a single array value is still an array; missing arrays are empty; defaults apply', () => {
    const raw = formInput(
      schema,
      form([
        ['id', 'x'],
        ['ticker', 'AB'],
        ['count', '3'],
      ]),
    );
    expect(schema.parse(raw)).toEqual({ id: 'x', roles: [], ticker: 'AB', count: 3, apply: '0' });
    expect(
      formInput(
        schema,
        form([
          ['id', 'x'],
          ['roles', 'a'],
        ]),
      ).roles,
    ).toEqual(['a']);
  });
});
