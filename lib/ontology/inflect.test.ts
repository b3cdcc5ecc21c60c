import { describe, expect, it } from 'vitest';
import { copulaFor, pluralOf, singularForms, singularOf, singularOfLast, withFirstWord, withLastWord } from './inflect';

describe('singularOf', () => {
  it('drops a regular -s', () => {
    for (const [p, s] of [
      ['revenues', 'revenue'],
      ['assets', 'asset'],
      ['deposits', 'deposit'],
      ['provisions', 'provision'],
      ['borrowings', 'borrowing'],
    ])
      expect(singularOf(p!), p).toBe(s);
  });
  it('reads -ies after a consonant as -y', () => {
    expect(singularOf('liabilities')).toBe('liability');
    expect(singularOf('securities')).toBe('security');
    expect(singularOf('subsidiaries')).toBe('subsidiary');
    expect(singularOf('inventories')).toBe('inventory');
    expect(singularOf('royalties')).toBe('royalty');
    // a short word is not one: "ties" is "tie"
    expect(singularOf('ties')).toBe('tie');
  });
  it('drops -es after x, ch, sh and ss, and only the -s after other letters', () => {
    expect(singularOf('taxes')).toBe('tax');
    expect(singularOf('branches')).toBe('branch');
    expect(singularOf('finishes')).toBe('finish');
    expect(singularOf('losses')).toBe('loss');
    expect(singularOf('businesses')).toBe('business');
    expect(singularOf('expenses')).toBe('expense');
    expect(singularOf('purchases')).toBe('purchase');
    expect(singularOf('leases')).toBe('lease');
    expect(singularOf('analyses')).toBe('analysis');
  });
  it('keeps "sales" a plural of "sale", never a stem', () => {
    expect(singularOf('sales')).toBe('sale');
    expect(pluralOf('sale')).toBe('sales');
  });
  it('leaves singular words, short words, invariant words and non-words as they are', () => {
    for (const w of [
      'gross',
      'loss',
      'business',
      'status',
      'basis',
      'analysis',
      'bonus',
      'expense',
      'liability',
      'revenue',
      'income',
      'equity',
      'cash',
      'tax',
      'gas',
      'its',
      'eps',
      'series',
      'species',
      'news',
      'q4s',
      'covid19s',
      "o's",
      '',
    ])
      expect(singularOf(w), w).toBe(w);
  });
  it('is a no-op on its own result', () => {
    for (const w of ['liabilities', 'taxes', 'losses', 'businesses', 'expenses', 'revenues', 'sales', 'analyses'])
      expect(singularOf(singularOf(w))).toBe(singularOf(w));
  });
});

describe('pluralOf', () => {
  it('adds -s, -ies after a consonant and y, -es after x, z, ch, sh, ss, us', () => {
    expect(pluralOf('revenue')).toBe('revenues');
    expect(pluralOf('deposit')).toBe('deposits');
    expect(pluralOf('liability')).toBe('liabilities');
    expect(pluralOf('subsidiary')).toBe('subsidiaries');
    expect(pluralOf('key')).toBe('keys');
    expect(pluralOf('attorney')).toBe('attorneys');
    expect(pluralOf('tax')).toBe('taxes');
    expect(pluralOf('branch')).toBe('branches');
    expect(pluralOf('finish')).toBe('finishes');
    expect(pluralOf('loss')).toBe('losses');
    expect(pluralOf('business')).toBe('businesses');
    expect(pluralOf('status')).toBe('statuses');
    expect(pluralOf('expense')).toBe('expenses');
  });
  it('makes -is -es', () => {
    expect(pluralOf('basis')).toBe('bases');
    expect(pluralOf('analysis')).toBe('analyses');
  });
  it('leaves plurals, invariant words, short words and non-words as they are', () => {
    for (const w of ['revenues', 'sales', 'liabilities', 'expenses', 'losses', 'series', 'news', 'pe', 'q4', 'non-current', ''])
      expect(pluralOf(w), w).toBe(w);
  });
  it('is undone by singularOf', () => {
    for (const w of ['revenue', 'liability', 'tax', 'branch', 'loss', 'business', 'expense', 'deposit', 'security', 'analysis', 'sale'])
      expect(singularOf(pluralOf(w)), w).toBe(w);
  });
});

describe('phrases', () => {
  it('changes the last or the first word, or says nothing changed', () => {
    expect(withLastWord('deferred revenue', pluralOf)).toBe('deferred revenues');
    expect(withLastWord('revenue', pluralOf)).toBe('revenues');
    expect(withLastWord('deferred revenues', pluralOf)).toBeNull();
    expect(withFirstWord('provisions for credit losses', singularOf)).toBe('provision for credit losses');
    expect(withFirstWord('revenues', singularOf)).toBe('revenue');
    expect(withFirstWord('total assets', singularOf)).toBeNull();
  });
  it('reads the last word in the singular ("trading liabilities" is no "trading liabilitie")', () => {
    expect(singularOfLast('trading liabilities')).toBe('trading liability');
    expect(singularOfLast('casino revenues')).toBe('casino revenue');
    expect(singularOfLast('income taxes')).toBe('income tax');
    expect(singularOfLast('allowance for credit losses')).toBe('allowance for credit loss');
    expect(singularOfLast('gross')).toBeNull();
    expect(singularOfLast('cost basis')).toBeNull();
    expect(singularOfLast('gains (losses)')).toBeNull();
  });
  it('gives the singular forms of a caption: its last word, then its first, once each', () => {
    expect(singularForms('provisions for credit losses')).toEqual(['provisions for credit loss', 'provision for credit losses']);
    expect(singularForms('deferred revenues')).toEqual(['deferred revenue']);
    expect(singularForms('revenues')).toEqual(['revenue']);
    expect(singularForms('total assets')).toEqual(['total asset']);
    expect(singularForms('gross profit')).toEqual([]);
  });
});

describe('copulaFor', () => {
  it('takes "were" after a plural and "was" otherwise', () => {
    expect(copulaFor('casino revenues')).toBe('were');
    expect(copulaFor('net sales')).toBe('were');
    expect(copulaFor('total assets')).toBe('were');
    expect(copulaFor('cash and cash equivalents')).toBe('were');
    expect(copulaFor('revenue')).toBe('was');
    expect(copulaFor('diluted EPS')).toBe('was');
    expect(copulaFor('earnings per share')).toBe('was');
    expect(copulaFor('gross loss')).toBe('was');
    expect(copulaFor('other income (expense), net')).toBe('was');
    expect(copulaFor('basis')).toBe('was');
  });

  it('reads the head noun, not the last word of a postmodifier', () => {
    expect(copulaFor('shares outstanding')).toBe('were');
    expect(copulaFor('weighted-average diluted shares outstanding')).toBe('were');
    expect(copulaFor('accounts receivable, net')).toBe('were');
    expect(copulaFor('accounts payable')).toBe('were');
    expect(copulaFor('loans, net of allowance for loan losses')).toBe('were');
    expect(copulaFor('provision for income taxes')).toBe('was');
    expect(copulaFor('Income (loss) before income taxes')).toBe('was');
    expect(copulaFor('income from operations')).toBe('was');
    expect(copulaFor('Net cash provided by (used in) operating activities')).toBe('was');
    expect(copulaFor('net income attributable to common stockholders')).toBe('was');
    expect(copulaFor('cash and cash equivalents, end of period')).toBe('were');
    expect(copulaFor('property, plant and equipment, net')).toBe('was');
    expect(copulaFor('selling, general and administrative expenses')).toBe('were');
    expect(copulaFor('dividends per share')).toBe('was');
    expect(copulaFor('earnings before interest and taxes')).toBe('were');
  });
});
