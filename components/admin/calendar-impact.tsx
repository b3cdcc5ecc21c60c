import Link from 'next/link';
import type { CalendarImpact } from '@/lib/admin/calendar-impact';
import type { Period } from '@/lib/domain/types';

const dates = (p: Period) => (p.type === 'instant' ? `at ${p.date}` : `${p.start} – ${p.end}`);
const label = (l: string | null) => l ?? 'no fiscal label';
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What registering the proposed calendar would change: fact labels by period, and stored answers whose cited period is relabelled. */
export function CalendarImpactView({ impact }: { impact: CalendarImpact }) {
  const none = impact.factsChanged === 0 && impact.answersChanged === 0;
  return (
    <div className="space-y-3 rounded border border-amber-300 bg-amber-50/50 p-3 text-sm" data-testid="calendar-impact">
      <h3 className="font-medium">What this change does</h3>
      {none ? (
        <p data-testid="impact-summary">No fact changes its fiscal label and no stored answer would change.</p>
      ) : (
        <p data-testid="impact-summary">
          {plural(impact.factsChanged, 'fact')} in {plural(impact.periodsChanged, 'period')} change their fiscal label;{' '}
          {plural(impact.answersChanged, 'stored answer')} (of the {plural(impact.answersScanned, 'latest answer')} about this company) cite
          a period that would be labelled otherwise — asked again, they would resolve to other dates.
        </p>
      )}
      {impact.labels.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-xs" data-testid="impact-labels">
            <caption className="sr-only">Fiscal labels that change</caption>
            <thead className="text-left uppercase text-muted">
              <tr>
                <th className="px-2 py-1">Period</th>
                <th className="px-2 py-1">Label now</th>
                <th className="px-2 py-1">Label after</th>
                <th className="px-2 py-1 text-right">Facts</th>
              </tr>
            </thead>
            <tbody className="tabular">
              {impact.labels.map((l) => (
                <tr key={`${dates(l.period)}`} className="border-t border-amber-200">
                  <td className="whitespace-nowrap px-2 py-1">{dates(l.period)}</td>
                  <td className="px-2 py-1">{label(l.before)}</td>
                  <td className="px-2 py-1 font-medium">{label(l.after)}</td>
                  <td className="px-2 py-1 text-right">{l.facts.toLocaleString('en-US')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {impact.periodsChanged > impact.labels.length && (
            <p className="px-2 py-1 text-xs text-muted">
              The {impact.labels.length} periods with the most facts are shown, of {impact.periodsChanged}.
            </p>
          )}
        </div>
      )}
      {impact.answers.length > 0 && (
        <ul className="space-y-1" data-testid="impact-answers" aria-label="Stored answers that would change">
          {impact.answers.map((a) => (
            <li key={a.manifestId} className="rounded bg-white px-2 py-1">
              <Link href={`/manifests/${a.manifestId}`} className="text-accent hover:underline">
                {a.question}
              </Link>
              <ul className="text-xs text-muted">
                {a.figures.map((f, i) => (
                  <li key={i}>
                    {f.label} {f.display} for {f.period}: {label(f.before)} → <span className="font-medium text-ink">{label(f.after)}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
