import { describe, expect, it } from 'vitest';
import { normalizeAlias } from '@/lib/domain/names';
import type { CatalogEntity } from './catalog';
import { buildEntityIndex, tokenizeQuestion } from './entity-index';
import {
  anchorWeakMentions,
  isClippedName,
  isWeakTicker,
  matchEntities,
  measureAndPeriodSpans,
  type EntityMention,
} from './match-entities';

function ent(id: string, name: string, ticker: string | null, cik: string | null, aliases: [string, string][] = []): CatalogEntity {
  const list: [string, string][] = [[name, 'name'], ...(ticker ? ([[ticker, 'ticker']] as [string, string][]) : []), ...aliases];
  return {
    id,
    name,
    legalName: name,
    ticker,
    cik,
    aliases: list.map(([alias, kind]) => ({ alias, kind, normalized: normalizeAlias(alias) })),
  };
}

const CATALOG: CatalogEntity[] = [
  ent('aapl', 'Apple Inc.', 'AAPL', '0000320193', [['Nasdaq:AAPL', 'listing']]),
  ent('nvda', 'NVIDIA CORP', 'NVDA', '0001045810'),
  ent('tsla', 'Tesla, Inc.', 'TSLA', '0001318605', [
    ['TESLA MOTORS INC', 'former_name'],
    ['Nasdaq:TSLA', 'listing'],
  ]),
  ent('snow', 'Snowflake Inc.', 'SNOW', '0001640147', [['NYSE:SNOW', 'listing']]),
  ent('googl', 'Alphabet Inc.', 'GOOGL', '0001652044', [
    ['GOOG', 'ticker'],
    ['Google', 'brand'],
  ]),
  ent('meta', 'Meta Platforms, Inc.', 'META', '0001326801', [
    ['FACEBOOK INC', 'former_name'],
    ['Meta', 'abbreviation'],
  ]),
  ent('brk', 'Berkshire Hathaway Inc.', 'BRK-B', '0001067983', [['BRK-A', 'ticker']]),
  ent('now', 'ServiceNow, Inc.', 'NOW', '0001373715'),
  ent('key', 'KeyCorp', 'KEY', '0000091576'),
  ent('on', 'ON Semiconductor Corp', 'ON', '0001097864'),
  ent('cat', 'Caterpillar Inc.', 'CAT', '0000018230'),
  ent('net', 'Cloudflare, Inc.', 'NET', '0001477333'),
  ent('cost', 'Costco Wholesale Corp /NEW', 'COST', '0000909832'),
  ent('mrvl', 'Marvell Technology, Inc.', 'MRVL', '0001835632', [['Marvell', 'abbreviation']]),
  ent('ko', 'The Coca-Cola Company', 'KO', '0000021344'),
  ent('nestle', 'Nestlé S.A.', null, null),
  ent('jpm', 'JPMorgan Chase & Co.', 'JPM', '0000019617'),
  ent('pg', 'PROCTER & GAMBLE Co', 'PG', '0000080424'),
];
const INDEX = buildEntityIndex(CATALOG);

/** [question, expected mention texts as written, entity of each] */
const FORMS: [string, string[], string[]][] = [
  ['Tesla Motors, Inc. revenue FY2015', ['Tesla Motors, Inc.'], ['tsla']],
  ['Tesla Motors revenue FY2015', ['Tesla Motors'], ['tsla']],
  ['TESLA MOTORS INC revenue', ['TESLA MOTORS INC'], ['tsla']],
  ["Tesla's revenue in FY2023", ["Tesla's"], ['tsla']],
  ['Tesla’s revenue in FY2023', ['Tesla’s'], ['tsla']],
  ['Tesla, Inc. revenue', ['Tesla, Inc.'], ['tsla']],
  ["Apple Inc.'s net income", ["Apple Inc.'s"], ['aapl']],
  ['TSLA UW Equity revenue 2023', ['TSLA UW Equity'], ['tsla']],
  ['AAPL US Equity net income', ['AAPL US Equity'], ['aapl']],
  ['aapl us equity net income', ['aapl us equity'], ['aapl']],
  // "AAPL US" without "Equity" is Apple and a place ("NVDA US revenue" is NVIDIA's US revenue): the ticker alone
  ['AAPL US net income', ['AAPL'], ['aapl']],
  ['AAPL UW net income', ['AAPL UW'], ['aapl']],
  ['NYSE: SNOW revenue', ['NYSE: SNOW'], ['snow']],
  ['NASDAQ:TSLA revenue', ['NASDAQ:TSLA'], ['tsla']],
  ['(Nasdaq: AAPL) revenue', ['Nasdaq: AAPL'], ['aapl']],
  ['$nvda revenue FY2024', ['$nvda'], ['nvda']],
  ['$NVDA revenue FY2024', ['$NVDA'], ['nvda']],
  ["$NVDA's revenue", ["$NVDA's"], ['nvda']],
  ['SNOW-US revenue', ['SNOW-US'], ['snow']],
  ['TSLA.O revenue', ['TSLA.O'], ['tsla']],
  ['AAPL.OQ revenue', ['AAPL.OQ'], ['aapl']],
  ['nvda revenue FY2024', ['nvda'], ['nvda']],
  ['Nvda revenue', ['Nvda'], ['nvda']],
  ['NVDA revenue', ['NVDA'], ['nvda']],
  ["TSLA's revenue", ["TSLA's"], ['tsla']],
  ['GOOG revenue 2024', ['GOOG'], ['googl']],
  ['GOOGL revenue 2024', ['GOOGL'], ['googl']],
  ['googl revenue 2024', ['googl'], ['googl']],
  ['Google revenue 2024', ['Google'], ['googl']],
  ['Facebook revenue 2020', ['Facebook'], ['meta']],
  ['Meta revenue 2024', ['Meta'], ['meta']],
  ['BRK.B revenue', ['BRK.B'], ['brk']],
  ['BRK-A revenue', ['BRK-A'], ['brk']],
  ['BRK.A revenue', ['BRK.A'], ['brk']],
  ['CIK 1318605 revenue', ['CIK 1318605'], ['tsla']],
  ['CIK0001318605 revenue', ['CIK0001318605'], ['tsla']],
  ['0001318605 revenue', ['0001318605'], ['tsla']],
  ['Costco revenue', ['Costco'], ['cost']],
  ['Costco Wholesale revenue', ['Costco Wholesale'], ['cost']],
  ['The Coca-Cola Company revenue', ['Coca-Cola Company'], ['ko']],
  ['Coca-Cola revenue', ['Coca-Cola'], ['ko']],
  ['Nestle revenue', ['Nestle'], ['nestle']],
  ['Nestlé revenue', ['Nestlé'], ['nestle']],
  ['Snowflak revenue', ['Snowflak'], ['snow']],
  ['Compare Apple and Tesla revenue', ['Apple', 'Tesla'], ['aapl', 'tsla']],
  ['Tesla (TSLA) revenue', ['Tesla', 'TSLA'], ['tsla', 'tsla']],
  ['Marvell Technology revenue', ['Marvell Technology'], ['mrvl']],
  ['JPMorgan Chase & Co. net income', ['JPMorgan Chase & Co.'], ['jpm']],
  ['JPMorgan Chase net income', ['JPMorgan Chase'], ['jpm']],
  ['Procter & Gamble revenue', ['Procter & Gamble'], ['pg']],
];

describe('matchEntities: every alias form, exact spans', () => {
  it.each(FORMS)('%s', (q, texts, ids) => {
    const { mentions } = matchEntities(q, INDEX);
    expect(mentions.map((m) => m.text)).toEqual(texts);
    expect(mentions.map((m) => m.entityIds)).toEqual(ids.map((id) => [id]));
    for (const m of mentions) {
      expect(q.slice(m.start, m.end)).toBe(m.text);
      expect(m.index).toBe(m.start);
    }
  });

  it('says which rule matched', () => {
    const via = (q: string) => matchEntities(q, INDEX).mentions.map((m) => m.via);
    expect(via('Tesla revenue')).toEqual(['alias']);
    expect(via('TSLA revenue')).toEqual(['ticker']);
    expect(via('TSLA.O revenue')).toEqual(['code']);
    expect(via('NYSE: SNOW revenue')).toEqual(['code']);
    expect(via('CIK 1318605 revenue')).toEqual(['cik']);
    expect(via('Teslla revenue')).toEqual(['fuzzy']);
  });

  it('a near-miss first word takes the rest of the name written after it', () => {
    const { mentions } = matchEntities('Marvel Technology net revenue FY2025', INDEX);
    expect(mentions.map((m) => [m.text, m.entityIds[0], m.via])).toEqual([['Marvel Technology', 'mrvl', 'fuzzy']]);
  });

  it('takes the longest name and never overlaps spans', () => {
    const { mentions } = matchEntities('Marvell Technology, Inc. and Marvell', INDEX);
    expect(mentions.map((m) => [m.text, m.entityIds[0]])).toEqual([
      ['Marvell Technology, Inc.', 'mrvl'],
      ['Marvell', 'mrvl'],
    ]);
  });

  it('offsets are UTF-16 offsets into the original text (emoji, decomposed accents)', () => {
    const q = '📈 Nestle\u0301 revenue';
    const { mentions } = matchEntities(q, INDEX);
    expect(mentions).toHaveLength(1);
    expect(q.slice(mentions[0]!.start, mentions[0]!.end)).toBe('Nestle\u0301');
  });

  it('prefers the exchange listing when a ticker is listed on several exchanges', () => {
    const idx = buildEntityIndex([
      ent('a', 'Alpha Holdings', 'ABC', null, [['NYSE:ABC', 'listing']]),
      ent('b', 'Beta Limited', 'ABC', null, [['NSE:ABC', 'listing']]),
    ]);
    expect(matchEntities('NSE: ABC revenue', idx).mentions[0]!.entityIds).toEqual(['b']);
    expect(matchEntities('NYSE:ABC revenue', idx).mentions[0]!.entityIds).toEqual(['a']);
    expect(matchEntities('ABC revenue', idx).mentions[0]!.entityIds.sort()).toEqual(['a', 'b']);
  });

  it('reports capitalised names that match nothing', () => {
    expect(matchEntities("What was Acme Corp's revenue in FY2023?", INDEX).unknownNames).toEqual(['Acme Corp']);
    expect(matchEntities('What was Tesla revenue in FY2023?', INDEX).unknownNames).toEqual([]);
  });

  it('reads a name clipped to the first letters of its words ("AMEX") when nothing else names a company', () => {
    const idx = buildEntityIndex([...CATALOG, ent('axp', 'American Express Company', 'AXP', '0000004962')]);
    const m = matchEntities('Does AMEX have an improving operating margin?', idx);
    expect(m.mentions.map((x) => [x.text, x.entityIds])).toEqual([['AMEX', ['axp']]]);
    expect(m.unknownNames).toEqual([]);
    // a clipped one-word name, lower case, or a clipping that leaves a word out is no name
    expect(matchEntities('Does SNOW have positive working capital?', INDEX).mentions[0]?.entityIds).toEqual(['snow']);
    expect(matchEntities('Does AMER have an improving margin?', idx).mentions).toEqual([]);
    expect(matchEntities('Does amex have an improving margin?', idx).mentions.map((x) => x.text)).not.toContain('amex');
    expect(isClippedName('amex', ['american', 'express'])).toBe(true);
    expect(isClippedName('amexp', ['american', 'express'])).toBe(true);
    expect(isClippedName('amer', ['american', 'express'])).toBe(false);
    expect(isClippedName('appl', ['apple'])).toBe(false);
  });

  it('does not report a capitalised function word opening a sentence as a company', () => {
    const q = 'What are the restructuring costs for FY2022? If restructuring costs are not outlined then state 0.';
    expect(matchEntities(q, INDEX).unknownNames).toEqual([]);
    expect(matchEntities('Does Hooli have an improving margin? If not, say so.', INDEX).unknownNames).toEqual(['Hooli']);
  });

  it('accepts the legacy catalog array and reuses one index per array', () => {
    const a = matchEntities('TSLA revenue', CATALOG);
    const b = matchEntities('Tesla Motors revenue', CATALOG);
    expect(a.mentions[0]!.entityIds).toEqual(['tsla']);
    expect(b.mentions[0]!.entityIds).toEqual(['tsla']);
  });
});

describe('weak tickers: ordinary words', () => {
  it.each([
    ['snow', true],
    ['Snow', true],
    ['SNOW', false],
    ['now', true],
    ['NOW', false],
    ['key', true],
    ['KEY', false],
    ['on', true],
    ['ON', true],
    ['IT', true],
    ['cat', true],
    ['net', true],
    ['nvda', false],
    ['tsla', false],
    ['F', true],
  ] as const)('%s weak=%s', (w, weak) => {
    expect(isWeakTicker(w)).toBe(weak);
  });

  it('a capitalised common ticker in an all-caps question is weak', () => {
    expect(isWeakTicker('SNOW', true)).toBe(true);
    expect(isWeakTicker('NVDA', true)).toBe(false);
  });

  const raw = (q: string) => matchEntities(q, INDEX, { weak: 'all' }).mentions;
  const kept = (q: string) => matchEntities(q, INDEX).mentions.map((m) => [m.text, m.entityIds[0], m.weak ?? false]);

  it('returns every weak mention flagged with weak: all', () => {
    const m = raw('what is snow revenue now');
    expect(m.map((x) => [x.text, x.weak ?? false])).toEqual([
      ['snow', true],
      ['now', true],
    ]);
  });

  it.each([
    ['snow revenue FY2024', [['snow', 'snow', true]]],
    ["snow's FY2024 revenue", [["snow's", 'snow', true]]],
    ['snow FY2024 revenue', [['snow', 'snow', true]]],
    [
      'compare tsla and snow revenue',
      [
        ['tsla', 'tsla', false],
        ['snow', 'snow', true],
      ],
    ],
    ['What is Tesla revenue now?', [['Tesla', 'tsla', false]]],
    ['What was the impact on revenue for Tesla?', [['Tesla', 'tsla', false]]],
    ['Tesla key revenue drivers', [['Tesla', 'tsla', false]]],
    ['Tesla net income FY2023', [['Tesla', 'tsla', false]]],
    ['Tesla cost of revenue FY2023', [['Tesla', 'tsla', false]]],
    ['did it snow in 2024', []],
    ['cat revenue 2023', [['cat', 'cat', true]]],
    ['CAT revenue 2023', [['CAT', 'cat', false]]],
    ['all revenue in 2024', []],
  ] as const)('%s', (q, expected) => {
    expect(kept(q)).toEqual(expected);
  });

  it('uses the caller’s measure and period spans when given', () => {
    const q = 'snow bookings FY2024';
    // "bookings" is no measure of the ontology: by default nothing anchors "snow"
    expect(matchEntities(q, INDEX).mentions).toEqual([]);
    const withMeasure = matchEntities(q, INDEX, { anchors: [{ start: 5, end: 13 }] }).mentions;
    expect(withMeasure.map((m) => m.text)).toEqual(['snow']);
  });

  it('anchorWeakMentions keeps strong mentions unchanged', () => {
    const strong: EntityMention = { text: 'Tesla', start: 0, end: 5, entityIds: ['tsla'], via: 'alias', index: 0 };
    expect(anchorWeakMentions('Tesla', [strong], [])).toEqual([strong]);
  });

  it('measure and period spans come from the ontology and lib/fiscal', () => {
    const q = 'snow revenue FY2024';
    expect(
      measureAndPeriodSpans(q)
        .map((s) => q.slice(s.start, s.end))
        .sort(),
    ).toEqual(['FY2024', 'revenue']);
  });
});

describe('tokenizeQuestion', () => {
  it('keeps original offsets, marks legal forms and possessives', () => {
    const q = "Tesla Motors, Inc.'s revenue";
    const t = tokenizeQuestion(q);
    expect(t.map((x) => [x.norm, q.slice(x.start, x.end), x.suffix])).toEqual([
      ['tesla', 'Tesla', false],
      ['motors', 'Motors', false],
      ['inc', 'Inc', true],
      ['revenue', 'revenue', false],
    ]);
    expect(t[2]!.possessiveEnd).toBe(q.indexOf("'s") + 2);
  });
});

describe('the index, not a scan', () => {
  it('resolves by lookups at 10,000 companies', () => {
    const big: CatalogEntity[] = [...CATALOG];
    for (let i = 0; i < 10_000; i++)
      big.push(ent(`x${i}`, `Company${i.toString(36)} Holdings`, `X${i.toString(36).toUpperCase()}`, String(5_000_000 + i)));
    const idx = buildEntityIndex(big);
    expect(idx.size).toBe(10_000 + CATALOG.length);
    expect(matchEntities('Tesla revenue vs XA0 FY2024', idx).mentions.map((m) => m.entityIds[0])).toEqual(['tsla', `x${(360).toString()}`]);
    expect(matchEntities('CIK 5000001 revenue', idx).mentions.map((m) => m.entityIds[0])).toEqual(['x1']);
  });
});
