/** The plain figure: one value per requested period (a stored measure, a derived Q4 or a formula). */
import { computeFigure } from '../compute';
import { lowerFirst, periodText } from '../text';
import { copulaFor } from '@/lib/ontology/inflect';
import { isAverageBalanceFormula, sayAverageBalanceInputs } from './average-balance-words';
import { ttmOperation } from './ttm';
import { versionSentence } from '../version-note';
import type { Operation } from './types';

export const valueOperation: Operation = {
  handles: ['value'],
  resolvesPeriods: true,
  async run(input) {
    const { ctx, ent, intent, pins, resolved, outcomes } = input;
    for (const r of resolved) {
      if (r.resolved?.kind === 'ttm') {
        // "twelve months ended 30 September 2025" where no fiscal year ends then is the trailing four
        // quarters on this entity's calendar: the TTM operation computes and says it
        const from = outcomes.length;
        await ttmOperation.run({ ...input, resolved: [r] });
        for (let i = from; i < outcomes.length; i++) outcomes[i] = { ...outcomes[i]!, via: ttmOperation };
        continue;
      }
      const { target } = r;
      // "originally reported vs restated": the figure under each version asked, side by side
      for (const basis of intent.versions ?? [intent.basis]) {
        const f = await computeFigure(
          basis === intent.basis ? ctx : { ...ctx, basis },
          ent,
          intent.metric,
          target,
          pins,
          intent.operandScopes,
        );
        outcomes.push(f.ok ? { figure: f.figure, entity: ent, target } : { failure: f.failure, entity: ent, target });
      }
    }
  },
  label: (intent) => intent.metric.label,
  say({ tb, v, intent, name, metricWords }) {
    tb.text(`For ${periodText(v.period)}, ${name} ${metricWords} ${copulaFor(metricWords)} `).value(v.id, v.display);
    if (v.inputs.length && v.formula) {
      if (intent.metric.kind === 'base') {
        // a stored metric with inputs is a derived fourth quarter: FY − 9M YTD
        tb.text(`, derived as ${v.inputs[0]!.period.label} `)
          .value(v.inputs[0]!.id, v.inputs[0]!.display)
          .text(` minus ${v.inputs[1]!.period.label} `)
          .value(v.inputs[1]!.id, v.inputs[1]!.display);
      } else if (isAverageBalanceFormula(intent.metric.formulaId ?? intent.metric.id)) {
        sayAverageBalanceInputs(tb, v);
      } else {
        tb.text(', from ');
        v.inputs.forEach((inp, i) => tb.text(`${i ? ' and ' : ''}${lowerFirst(inp.label)} `).value(inp.id, inp.display));
      }
    }
    tb.text('.');
    if (v.version) tb.text(versionSentence(v.version, v.version.asked ?? intent.basis));
    else if (v.otherVersions)
      tb.text(` Other reported versions of this figure exist; this uses the ${v.versionBasis.replace('_', ' ')} basis.`);
  },
};
