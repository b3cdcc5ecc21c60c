import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

vi.mock('server-only', () => ({}));
vi.mock('./session', () => ({ getViewer: async () => ({ userId: 'u', tenantId: 't', role: 'admin', email: 'a@example.com', name: 'A' }) }));
vi.mock('./context', () => ({ contextFor: async (viewer: unknown) => ({ db: {}, viewer }) }));

import { roleAction, roleFormAction } from './action';

/** A NUL in a filter, entity name or verdict comment is a typed 400, not an untyped 500 (PostgreSQL refuses NUL). */
describe('server actions refuse control characters before any work', () => {
  const schema = z.object({ comment: z.string().max(2000), tags: z.array(z.string().max(50)).max(10).optional() });
  const work = vi.fn(async (input: z.infer<typeof schema>) => input.comment.length);
  const action = roleAction('reviewer', schema, work);

  it('NUL, ESC or DEL anywhere in the input is a typed refusal and the work never runs', async () => {
    for (const raw of [{ comment: 'ok\u0000' }, { comment: 'ok', tags: ['a', '\u001b[2J'] }, { comment: '\u007f' }]) {
      const r = await action(raw);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error).toMatch(/control characters/);
    }
    expect(work).not.toHaveBeenCalled();
  });

  it('multi-line text with tabs passes', async () => {
    expect(await action({ comment: 'line one\n\tline two\r\n' })).toEqual({ ok: true, data: 20 });
  });

  it('form actions are checked the same way', async () => {
    const form = new FormData();
    form.set('comment', 'x\u0000y');
    const r = await roleFormAction('reviewer', schema, work)(null, form);
    expect(r.ok).toBe(false);
  });
});

/** A domain schema refusing what the user typed (a calendar date that is not one) is the user's error, not an untyped one. */
describe('server actions answer a domain schema’s refusal with its message', () => {
  it('a ZodError thrown by the work is the schema’s message, not "Something went wrong."', async () => {
    const dates = z.object({ effectiveFrom: z.iso.date('effectiveFrom must be a date (YYYY-MM-DD)') });
    const action = roleAction('admin', z.object({ effectiveFrom: z.string().max(10) }), async (input) => dates.parse(input));
    const r = await action({ effectiveFrom: '2024-02-30' });
    expect(r).toEqual({ ok: false, error: 'effectiveFrom must be a date (YYYY-MM-DD)' });
  });
});
