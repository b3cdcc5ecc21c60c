import type { Metadata } from 'next';
import { FactsFilters } from '@/components/facts/facts-filters';
import { FactsTable } from '@/components/facts/facts-table';
import { SignInRequired } from '@/components/sign-in-required';
import { getViewer } from '@/lib/server/session';
import { getDatabase } from '@/lib/server/runtime';
import { factFilterOptions, listFacts, parseFactFilters } from '@/lib/facts/list-facts';

export const metadata: Metadata = { title: 'Facts' };

export default async function FactsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await getViewer();
  if (!viewer) return <SignInRequired />;
  const filters = parseFactFilters(await searchParams);
  const { db } = await getDatabase();
  const [{ rows, total }, options] = await Promise.all([
    listFacts({ db, tenantId: viewer.tenantId, role: viewer.role, filters }),
    factFilterOptions(db, viewer.tenantId, viewer.role),
  ]);
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">Facts</h1>
        <p className="text-sm text-muted">
          Every reported number with its exact period, unit, scale, filing and provenance. Fiscal labels are derived from
          the dates and the entity’s calendar, never from the filing’s own labels.
        </p>
      </div>
      <FactsFilters filters={filters} options={options} />
      <FactsTable rows={rows} total={total} filters={filters} />
    </div>
  );
}
