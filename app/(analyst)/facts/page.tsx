import type { Metadata } from 'next';
import { FactsFilters } from '@/components/facts/facts-filters';
import { FactsTable } from '@/components/facts/facts-table';
import { factFilterOptions, listFacts, parseFactFilters } from '@/lib/facts/list-facts';
import { getMetric } from '@/lib/ontology/metrics';
import { memberLabelFromQName } from '@/lib/ontology/members';
import { conceptLabelsFor } from '@/lib/retrieval/concepts';
import { withPage } from '@/app/with-page';

export const metadata: Metadata = { title: 'Facts' };

export default withPage(
  'analyst',
  async function FactsPage({ db, viewer }, { searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
    const filters = parseFactFilters(await searchParams);
    const [{ rows, total }, options] = await Promise.all([
      listFacts({ db, tenantId: viewer.tenantId, role: viewer.role, filters }),
      factFilterOptions(db, viewer.tenantId, viewer.role),
    ]);
    const conceptLabels = await conceptLabelsFor(db, viewer.tenantId, rows);
    // display names: the ontology's metric label, the filer's concept label, readable members
    const labels = Object.fromEntries(
      rows.map((r) => [
        r.id,
        {
          metric: r.metricId ? (getMetric(r.metricId)?.label ?? r.metricId) : null,
          concept: conceptLabels[`${r.entityId}|${r.concept}`] ?? null,
          members: Object.values(r.dimensions).map(memberLabelFromQName),
        },
      ]),
    );
    return (
      <div className="space-y-4">
        <div>
          <h1 className="text-2xl font-semibold">Facts</h1>
          <p className="text-sm text-muted">
            Every reported number with its exact period, unit, scale, filing and provenance. Fiscal labels are derived from the dates and
            the entity’s calendar, never from the filing’s own labels.
          </p>
        </div>
        <FactsFilters filters={filters} options={options} />
        <FactsTable rows={rows} total={total} filters={filters} labels={labels} />
      </div>
    );
  },
);
