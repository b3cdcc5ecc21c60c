import { describe, expect, it } from 'vitest';
import { collectHexIds, type IdVerdict, REDACTED, redactRoots } from './redact-walk';

const hex = (c: string) => c.repeat(64);
const HIDDEN = hex('a');
const VISIBLE = hex('b');
const ENTITY = hex('e');
const verdict = (id: string): IdVerdict => (id === VISIBLE ? 'evidence' : id === ENTITY ? 'context' : 'hidden');

function answer() {
  return {
    text: 'Revenue was ₹1,200 crore in FY2026 and ₹1,000 crore in FY2025. It rose in every year shown.',
    segments: [
      { type: 'text', text: 'Revenue was ' },
      { type: 'value', valueId: 'v1', text: '₹1,200 crore' },
      { type: 'text', text: ' in FY2026 and ' },
      { type: 'value', valueId: 'v2', text: '₹1,000 crore' },
      { type: 'text', text: ' in FY2025. It rose in every year shown.' },
    ],
    values: [
      {
        id: 'v1',
        entity: { id: ENTITY, name: 'Helios' },
        display: '₹1,200 crore',
        value: 12_000_000_000,
        factIds: [HIDDEN],
        // a field nobody listed: the walk covers it
        version: { used: { id: HIDDEN, value: '12000000000', accession: 'HELIOS-AR-FY2026' }, others: [] },
        somethingNew: { deep: { figure: '12000000000' } },
      },
      { id: 'v2', entity: { id: ENTITY, name: 'Helios' }, display: '₹1,000 crore', value: 10_000_000_000, factIds: [VISIBLE] },
    ],
    table: {
      rows: [
        { valueId: 'v1', cells: ['FY2026', '₹1,200 crore'] },
        { valueId: 'v2', cells: ['FY2025', '₹1,000 crore'] },
      ],
    },
    manifestId: null,
  };
}

describe('redactRoots: one walk over the whole stored structure', () => {
  it('leaves a structure that refers only to visible things untouched', () => {
    const a = answer();
    a.values[0]!.factIds = [VISIBLE];
    a.values[0]!.version!.used.id = VISIBLE;
    const r = redactRoots({ answer: a }, verdict);
    expect(r.parts).toBe(0);
    expect(r.value.answer).toBe(a);
  });

  it('hides the whole record of a hidden reference, fields nobody listed included, and what refers to it by local id', () => {
    const r = redactRoots({ answer: answer() }, verdict);
    const json = JSON.stringify(r.value);
    expect(json).not.toContain('12000000000');
    expect(json).not.toContain('1,200');
    expect(json).not.toContain(HIDDEN);
    expect(json).not.toContain('HELIOS-AR-FY2026');
    const [v1, v2] = r.value.answer.values;
    expect(v1).toMatchObject({ id: 'v1', redacted: true, display: REDACTED, value: null, factIds: [], entity: { name: 'Helios' } });
    expect(v2).toMatchObject({ id: 'v2', display: '₹1,000 crore' });
    expect(r.value.answer.table.rows[0]).toMatchObject({ redacted: true, cells: [REDACTED, REDACTED] });
    expect(r.value.answer.table.rows[1]).toEqual({ valueId: 'v2', cells: ['FY2025', '₹1,000 crore'] });
  });

  it('replaces the sentence holding a hidden value and the sentences derived from the values as a whole; the text follows', () => {
    const r = redactRoots({ answer: answer() }, verdict);
    const text = r.value.answer.text;
    expect(text).not.toMatch(/rose|1,200/);
    expect(text.startsWith(REDACTED)).toBe(true);
    expect(r.value.answer.segments.every((s) => s.text.includes(REDACTED))).toBe(true);
  });

  it('keeps sentences citing only visible values', () => {
    const a = answer();
    a.segments.push(
      { type: 'text', text: ' FY2025 alone: ' },
      { type: 'value', valueId: 'v2', text: '₹1,000 crore' },
      { type: 'text', text: '.' },
    );
    const r = redactRoots({ answer: a }, verdict);
    expect(r.value.answer.segments.map((s) => s.text).join('')).toContain('FY2025 alone: ₹1,000 crore.');
  });

  it('scrubs free text elsewhere (reasons, messages) of what a hidden record held', () => {
    const rejected = [
      { kind: 'candidate', factId: HIDDEN, value: '12000000000' },
      { kind: 'lookup', entityId: ENTITY, reason: 'version 2 (filed 2026-05-20, value 12000000000) not chosen' },
    ];
    const r = redactRoots({ rejected }, verdict);
    expect(JSON.stringify(r.value)).not.toContain('12000000000');
    expect(r.value.rejected[1]!.reason).toContain(REDACTED);
  });

  it('treats unknown ids as hidden and never returns a hidden id, even outside a record', () => {
    const r = redactRoots({ ids: [HIDDEN, VISIBLE], note: { ref: hex('c') } }, verdict);
    expect(r.value.ids).toEqual([REDACTED, VISIBLE]);
    expect(collectHexIds(r.value).has(hex('c'))).toBe(false);
  });
});
