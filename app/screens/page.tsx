import type { Metadata } from 'next';
import { withPage } from '@/app/with-page';
import { ScreenForm } from '@/components/screens/screen-form';
import { ScreenTable } from '@/components/screens/screen-table';
import { AppError } from '@/lib/errors';
import { getMetric, METRICS } from '@/lib/ontology/metrics';
import { runScreen, type ScreenResult } from '@/lib/screens/run-screen';
import { readScreenParams, screenInputOf } from '@/lib/screens/screen-params';

export const metadata: Metadata = { title: 'Screens' };

const label = (id: string) => getMetric(id)?.label ?? id;

export default withPage(
  'analyst',
  async function ScreensPage({ db, viewer }, { searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
    const params = readScreenParams(await searchParams);
    const input = screenInputOf(params);
    let result: ScreenResult | null = null;
    let problem: string | null = null;
    if (input) {
      try {
        result = await runScreen({ db, tenantId: viewer.tenantId, role: viewer.role, input });
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        problem = e.message;
      }
    }
    const metrics = METRICS.filter((m) => m.periodType === 'duration' || m.unitKind === 'monetary').map((m) => ({
      id: m.id,
      label: m.label,
    }));
    const headers = {
      value: label(params.metric),
      growth: `${label(params.metric)} growth`,
      ratio: `${label(params.num)} / ${label(params.den)}`,
    };
    return (
      <div className="space-y-4">
        <div>
          <h1 className="text-2xl font-semibold">Screens</h1>
          <p className="text-sm text-muted">
            Every company on its own fiscal year: a measure, its growth on the prior fiscal year and a ratio, ranked. Each value is chosen
            as a single-company lookup chooses it and computed with the same period checks; open a value to see how.
          </p>
        </div>
        <ScreenForm params={params} metrics={metrics} />
        {problem && (
          <p role="alert" className="rounded border border-line bg-white p-3 text-sm">
            {problem}
          </p>
        )}
        {result && (
          <>
            <p className="text-sm" data-testid="screen-summary">
              Periods: {result.periodNote}. {result.matched} of {result.considered} companies match; showing {result.rows.length}.
              {Object.keys(result.excluded).length > 0 &&
                ` Set aside: ${Object.entries(result.excluded)
                  .map(([k, v]) => `${k} ${v}`)
                  .join(', ')}.`}
            </p>
            <ScreenTable result={result} params={params} headers={headers} />
          </>
        )}
      </div>
    );
  },
);
