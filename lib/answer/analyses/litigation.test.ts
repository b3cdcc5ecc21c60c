/**
 * The litigation verdict is what the filing says: legal actions it names as brought against the company
 * (yes), only its statement that litigation will not be material (no), both or neither (no verdict).
 */
import { describe, expect, it } from 'vitest';
import { readLitigation, unwrap } from './litigation';

const ACTION = 'Several lawsuits have been filed against the Company by former distributors alleging breach of contract.';
const DEFENDANT = 'Zeta Holdings, a subsidiary, is a defendant in two patent suits in Delaware.';
const ASSURANCE =
  'Management believes that the resolution of these legal proceedings will not have a material adverse effect on our results of operations.';
const ITEM_103 = 'There are no material pending legal proceedings to which we are a party.';

describe('reading a filing on litigation', () => {
  it('says yes when it names actions brought against the company', () => {
    expect(readLitigation([ACTION, 'Revenue grew.']).verdict).toBe('yes');
    expect(readLitigation([DEFENDANT]).verdict).toBe('yes');
  });

  it('says no when it names none and states that litigation will not be material', () => {
    expect(readLitigation([ASSURANCE]).verdict).toBe('no');
    expect(readLitigation([ITEM_103]).verdict).toBe('no');
  });

  it('says nothing when the filing says both, or neither, or only what might happen', () => {
    expect(readLitigation([ACTION, ASSURANCE]).verdict).toBeNull();
    expect(
      readLitigation(['We may in the future be named as a defendant in lawsuits.', 'Claims may be asserted against us.']).verdict,
    ).toBeNull();
    // an assurance about something other than litigation is no assurance about litigation
    expect(readLitigation(['The new standard will not have a material adverse effect on our financial statements.']).verdict).toBeNull();
  });

  it('joins a sentence a PDF wrapped across lines, character for character', () => {
    const text = 'While such matters cannot be predicted with\n\ncertainty, we believe they will not be material.\n\nItem 4.';
    expect(unwrap(text)).toHaveLength(text.length);
    expect(unwrap(text)).toContain('predicted with  certainty');
    expect(unwrap(text)).toContain('\n\nItem 4.');
  });
});
