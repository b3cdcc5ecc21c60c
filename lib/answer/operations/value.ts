/** The plain figure: one value per requested period (a stored measure, a derived Q4 or a formula). */
import { computeFigure } from '../compute';
import { lowerFirst } from '../text';
import type { Operation } from './types';

export const valueOperation: Operation = {
  handles: ['value'],
  resolvesPeriods: true,
  async run({ ctx, ent, intent, pins, resolved, outcomes }) {
    for (const { target } of resolved) {
      const f = await computeFigure(ctx, ent, intent.metric, target, pins, intent.operandScopes);
      outcomes.push(f.ok ? { figure: f.figure, entity: ent, target } : { failure: f.failure, entity: ent, target });
    }
  },
  label: (intent) => intent.metric.label,
  say({ tb, v, intent, name, metricWords }) {
    tb.text(`For ${v.period.label} (${v.period.dateRange}), ${name} ${metricWords} was `).value(v.id, v.display);
    if (v.inputs.length && v.formula) {
      if (intent.metric.kind === 'base') {
        // a stored metric with inputs is a derived fourth quarter: FY − 9M YTD
        tb.text(`, derived as ${v.inputs[0]!.period.label} `).value(v.inputs[0]!.id, v.inputs[0]!.display).text(` minus ${v.inputs[1]!.period.label} `).value(v.inputs[1]!.id, v.inputs[1]!.display);
      } else {
        tb.text(', from ');
        v.inputs.forEach((inp, i) => tb.text(`${i ? ' and ' : ''}${lowerFirst(inp.label)} `).value(inp.id, inp.display));
      }
    }
    tb.text('.');
    if (v.otherVersions) tb.text(` Other reported versions of this figure exist; this uses the ${v.versionBasis.replace('_', ' ')} basis.`);
  },
};
