/**
 * "Not in this workspace": when a figure is missing for a period that no filing the workspace holds for
 * the company reports on, the answer says so and names the filings it does hold (form, filing date and
 * the periods they cover), so a reader knows to load the filing rather than read the gap as the
 * company's silence. A period inside a held filing's span gets no such note: the filing is there and
 * does not report the figure.
 */
import type { VisibilityScope } from '@/lib/auth/visibility';
import type { Db } from '@/lib/db/client';
import type { Period } from '@/lib/domain/types';
import { formatDateRange } from '@/lib/fiscal';
import { filingsHeld } from '@/lib/retrieval/filings-held';
import type { ComposedAnswer } from './compose';
import type { EntityContext } from './compute';
import type { Outcome } from './operations';
import { possessive } from './text';

function bounds(p: Period): { start: string; end: string } {
  return p.type === 'instant' ? { start: p.date, end: p.date } : { start: p.start, end: p.end };
}

/** The sentence for a period no held filing covers, or null when one does. */
export async function notHeldNote(
  db: Db,
  scope: VisibilityScope,
  ent: EntityContext,
  period: Period,
  label: string,
): Promise<string | null> {
  const held = await filingsHeld(db, scope, ent.entity.id);
  const want = bounds(period);
  if (held.some((h) => h.start <= want.start && want.end <= h.end)) return null;
  const name = ent.entity.name;
  if (held.length === 0) return `No filing of ${name} is in this workspace.`;
  const list = held.map(
    (h) =>
      `${h.form ?? h.title}${h.filedAt ? ` filed ${h.filedAt}` : ''} (${formatDateRange({ type: 'duration', start: h.start, end: h.end })})`,
  );
  return `${possessive(name)} filings for ${label} are not in this workspace; it holds ${list.join('; ')}.`;
}

/** The notes for the missing figures of an answer, one per company and period. */
export async function notHeldNotes(db: Db, scope: VisibilityScope, outcomes: Outcome[]): Promise<string[]> {
  const seen = new Set<string>();
  const notes: string[] = [];
  for (const o of outcomes) {
    if (o.failure?.kind !== 'missing' || !o.target) continue;
    const key = `${o.entity.entity.id}|${o.target.label}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const note = await notHeldNote(db, scope, o.entity, o.target.period, o.target.label);
    if (note) notes.push(note);
  }
  return notes;
}

/** The answer with the notes said after it. */
export function withNotes(c: ComposedAnswer, notes: string[]): ComposedAnswer {
  if (notes.length === 0) return c;
  const text = ` ${notes.join(' ')}`;
  return { ...c, text: `${c.text}${text}`, segments: [...c.segments, { type: 'text', text }] };
}
