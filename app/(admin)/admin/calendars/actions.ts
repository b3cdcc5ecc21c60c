'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import {
  calendarExportSchema,
  changeCalendar,
  importCalendars,
  planCalendarImport,
  revertCalendarChange,
  yearEndSchema,
} from '@/lib/admin/calendars';
import { roleFormAction } from '@/lib/server/action';
import { requestSchema } from '@/lib/server/input-schemas';
import { AppError } from '@/lib/errors';

const MAX_IMPORT_CHARS = 2 * 1024 * 1024;

// what the actions parse out of their input: the year end of a change, the pasted export of an import
requestSchema('calendar change year end', yearEndSchema);
requestSchema('calendar import JSON', calendarExportSchema);

const changeSchema = z.object({
  entityId: z.string().regex(/^[0-9a-f]{64}$/),
  // bounded here (every input string and number has a bound); the dates are checked as ISO
  // dates and the year end by yearEndSchema in lib/admin/calendars
  effectiveFrom: z.string().max(10),
  effectiveTo: z.string().max(10).optional(),
  kind: z.enum(['fixed', 'week']),
  month: z.coerce.number().int().min(1).max(12),
  day: z.coerce.number().int().min(1).max(31).optional(),
  weekday: z.coerce.number().int().min(0).max(6).optional(),
  rule: z.enum(['last', 'nearest']).optional(),
  labelBy: z.enum(['end-year', 'start-year']),
  reason: z.string().trim().min(1, 'Say why the calendar changes.').max(1000),
});

const change = roleFormAction('admin', changeSchema, async (input, { db, viewer }) => {
  const yearEnd = yearEndSchema.safeParse(
    input.kind === 'fixed'
      ? { kind: 'fixed', month: input.month, day: input.day }
      : { kind: 'week', month: input.month, weekday: input.weekday, rule: input.rule },
  );
  if (!yearEnd.success) throw new AppError('bad_request:year_end', yearEnd.error.issues.map((i) => i.message).join('; '));
  const r = await changeCalendar({
    db,
    tenantId: viewer.tenantId,
    actorId: viewer.userId,
    entityId: input.entityId,
    rule: { effectiveFrom: input.effectiveFrom, effectiveTo: input.effectiveTo || null, yearEnd: yearEnd.data, labelBy: input.labelBy },
    reason: input.reason,
  });
  revalidatePath('/admin/calendars', 'layout');
  return { message: `Calendar registered; ${r.relabelled} fact label${r.relabelled === 1 ? '' : 's'} re-derived.` };
});

/** Form action: register an effective-dated calendar for an entity (admin). */
export async function changeCalendarAction(prev: unknown, form: FormData) {
  return change(prev, form);
}

const revertSchema = z.object({
  entityId: z.string().regex(/^[0-9a-f]{64}$/),
  auditId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

const revert = roleFormAction('admin', revertSchema, async (input, { db, viewer }) => {
  const r = await revertCalendarChange({
    db,
    tenantId: viewer.tenantId,
    actorId: viewer.userId,
    entityId: input.entityId,
    auditId: input.auditId,
  });
  revalidatePath('/admin/calendars', 'layout');
  return { message: `Change reverted; ${r.relabelled} fact label${r.relabelled === 1 ? '' : 's'} re-derived.` };
});

/** Form action: undo an entity's newest calendar change (admin; audited as calendar.revert). */
export async function revertCalendarAction(prev: unknown, form: FormData) {
  return revert(prev, form);
}

const importSchema = z.object({
  json: z.string().min(2, 'Paste or choose a calendar export.').max(MAX_IMPORT_CHARS, 'The file is too large.'),
  reason: z.string().trim().max(1000).optional(),
  apply: z.enum(['0', '1']).default('0'),
});

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('bad_request:json', 'The file is not valid JSON.');
  }
}

const importAction = roleFormAction('admin', importSchema, async (input, { db, viewer }) => {
  const raw = parseJson(input.json);
  if (input.apply !== '1') {
    const plan = await planCalendarImport(db, viewer.tenantId, raw);
    return { applied: false, ...plan, relabelled: 0 };
  }
  if (!input.reason) throw new AppError('bad_request:reason', 'Say why the calendars are imported.');
  const r = await importCalendars({ db, tenantId: viewer.tenantId, actorId: viewer.userId, raw, reason: input.reason });
  revalidatePath('/admin/calendars', 'layout');
  return { applied: true, ...r };
});

/** Form action: review (apply=0) or apply (apply=1, with a reason) a calendar import (admin). */
export async function importCalendarsAction(prev: unknown, form: FormData) {
  return importAction(prev, form);
}
