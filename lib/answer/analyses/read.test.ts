import { describe, expect, it } from 'vitest';
import { readJudgement } from './read';

describe('the judgement reader', () => {
  it.each([
    ['Is Acme a capital-intensive business based on FY2022 data?', 'capital_intensity'],
    ['How capital intensive is Acme?', 'capital_intensity'],
    ['Is Acme asset-light?', 'capital_intensity'],
    ['Does Acme have positive working capital at the end of FY2023?', 'working_capital'],
    ['Is the quick ratio of Acme healthy as of Q2 2023?', 'liquidity'],
    ['Is Acme’s current ratio strong enough?', 'liquidity'],
    ['Does Acme have an improving gross margin profile as of FY2023?', 'trend'],
    ['Has Acme’s operating margin deteriorated since FY2021?', 'trend'],
    ['Has Acme’s quick ratio improved or declined between FY2023 and FY2022?', 'trend'],
    ['Does Acme have an improving free cash flow conversion as of FY2022?', 'trend'],
    ['Are Acme’s gross margins historically consistent (not fluctuating more than roughly 2% each year)?', 'margin_stability'],
    ['How volatile is Acme’s operating margin?', 'margin_stability'],
    ['What drove operating margin change as of FY2022 for Acme?', 'margin_drivers'],
    ['Which factors were behind the decline in Acme’s gross margin in 2023?', 'margin_drivers'],
    ['How much has the effective tax rate of Acme changed between FY2021 and FY2022?', 'tax_rate_change'],
    ['How does Acme’s effective tax rate in FY2022 compare to FY2021?', 'tax_rate_change'],
    ['Among operating, investing and financing activities, which brought in the most cash for Acme in FY2023?', 'cash_flow_mix'],
    ['Is Acme’s dividend sustainable?', 'dividend_capacity'],
    ['Can Acme afford its buybacks?', 'dividend_capacity'],
    ['Is Acme’s leverage too high?', 'leverage'],
    ['Has Acme increased its debt on balance sheet between FY2023 and FY2022?', 'direction'],
    ['What was the largest liability in Acme’s balance sheet in 2022?', 'largest_line'],
    ['Which is the biggest asset on Acme’s balance sheet?', 'largest_line'],
    ['Are there any product categories / service categories that represent more than 20% of Acme’s revenue for FY2022?', 'composition'],
    ['Which type of debt received the largest investment among the short term investments for Acme in H1 FY2023?', 'composition'],
    ['Which region accounts for over 15 percent of Acme’s net sales?', 'composition'],
    ['Was there any drop in cash and cash equivalents between FY2023 and Q2 of FY2024?', 'direction'],
    ['In which regions does Acme do business?', 'geographies'],
    ['Are Acme’s sales seasonal?', 'cyclicality'],
    ['Is demand for Acme’s products exposed to economic cycles?', 'cyclicality'],
    ['Is Acme caught up in any significant lawsuits this year?', 'litigation'],
    ['Does Acme face material pending litigation as of FY2021?', 'litigation'],
    ['What notes of Acme are listed on a stock exchange?', 'registered_securities'],
    ['Which classes of Acme stock are registered under Section 12(b)?', 'registered_securities'],
    ['Which countries does Acme mainly operate in today?', 'geographies'],
    ['List the geographic markets Acme sells into.', 'geographies'],
  ])('%s → %s', (q, analysis) => {
    expect(readJudgement(q)?.analysis).toBe(analysis);
  });

  it('reads a figure tied to litigation or seasonality as a figure, not as what the filing says', () => {
    for (const q of [
      'Did Acme’s litigation reserve go up in 2023?',
      'Were Acme’s seasonal sales higher in Q4 FY2023?',
      'Is Acme’s legal cost accrual above $5 million?',
    ])
      expect(['litigation', 'cyclicality']).not.toContain(readJudgement(q)?.analysis);
  });

  it('leaves a yes/no question about one place, and a region’s share, to other readers', () => {
    expect(readJudgement('Does Acme operate in Europe?')?.analysis).not.toBe('geographies');
    expect(readJudgement('Which region accounts for over 15 percent of Acme’s net sales?')?.analysis).toBe('composition');
  });

  it('reads the margin, the stated band, the direction asked and whether the question is yes/no', () => {
    expect(readJudgement('Are Acme’s gross margins consistent (not fluctuating more than roughly 3% a year)?')).toMatchObject({
      measure: 'gross_margin',
      band: 3,
      yesNo: true,
      askStable: true,
    });
    expect(readJudgement('Has Acme’s quick ratio improved or declined?')).toMatchObject({ measure: 'quick_ratio', choice: true });
    expect(readJudgement('Did Acme’s net margin decline in FY2023?')).toMatchObject({
      measure: 'net_margin',
      direction: 'down',
      yesNo: true,
    });
    expect(readJudgement('Has Acme increased its debt?')).toMatchObject({ direction: 'up' });
    expect(readJudgement('Was there any change in the number of stores?')).toMatchObject({ direction: 'any' });
  });

  it('reads a composition question’s share threshold and the words naming its total', () => {
    expect(readJudgement('Are there any segments that represent more than 20% of Acme’s revenue for FY2022?')).toMatchObject({
      analysis: 'composition',
      yesNo: true,
      threshold: 20,
      totalText: ' Acme’s revenue for FY2022?',
    });
    expect(readJudgement('Which investment was the largest among Acme’s short-term investments?')).toMatchObject({
      analysis: 'composition',
      totalText: ' Acme’s short-term investments?',
    });
    expect(readJudgement('Which investment was the largest among Acme’s short-term investments?')?.threshold).toBeUndefined();
  });

  it('reads the applicability clause as a request, not as the measure', () => {
    const r = readJudgement(
      'Does Acme have an improving operating margin profile as of 2022? If operating margin is not a useful metric for a company like this, then state that and explain why.',
    );
    expect(r).toMatchObject({ analysis: 'trend', measure: 'operating_margin', applicability: true });
    const g = readJudgement(
      'What drove gross margin change as of FY2022 for Acme? If gross margin is not a useful metric for a company like this, then please state that and explain why.',
    );
    expect(g).toMatchObject({ analysis: 'margin_drivers', measure: 'gross_margin', applicability: true });
  });

  it('leaves figure, narrative and other yes/no questions to the planner', () => {
    for (const q of [
      'What was Acme’s revenue in FY2022?',
      'What is the FY2022 unadjusted EBITDA % margin for Acme?',
      'What was the operating margin growth of Acme in FY2023?',
      'Did Acme’s revenue grow more than 10% in FY2023?',
      'Acme operating margin expansion FY2025 vs FY2024',
      'Did Acme grow revenue faster than Beta in FY2025?',
      'Is Acme’s operating expense growth slowing?',
      'How did Acme’s discussion of its effective tax rate change between its 10-K and its latest 10-Q?',
    ])
      expect(readJudgement(q), q).toBeNull();
  });
});
