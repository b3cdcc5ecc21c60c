import type { Metadata } from 'next';
import { ManifestsTable } from '@/components/manifests/manifests-table';
import { listManifests, parseManifestFilters } from '@/lib/evidence/list-manifests';
import { withPage } from '@/app/with-page';

export const metadata: Metadata = { title: 'Evidence manifests' };

export default withPage(
  'reviewer',
  async function ManifestsPage({ db, viewer }, { searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
    const filters = parseManifestFilters(await searchParams);
    const { rows, total } = await listManifests({ db, tenantId: viewer.tenantId, filters });
    return (
      <div className="space-y-4">
        <div>
          <h1 className="text-2xl font-semibold">Evidence manifests</h1>
          <p className="text-sm text-muted">
            Every answer is stored with its resolved intent, candidate and rejected facts, operands, formulas and sources.
          </p>
        </div>
        <form
          method="get"
          className="flex flex-wrap items-end gap-3 rounded-lg border border-line bg-white p-3"
          aria-label="Manifest filters"
        >
          <label className="flex flex-col gap-1 text-xs text-muted">
            Status
            <select name="status" defaultValue={filters.status ?? ''} className="rounded border border-line px-2 py-1.5 text-sm">
              <option value="">Any</option>
              <option value="answered">answered</option>
              <option value="needs_clarification">needs clarification</option>
              <option value="insufficient_evidence">insufficient evidence</option>
              <option value="rejected">rejected</option>
            </select>
          </label>
          <label className="flex flex-col gap-1 text-xs text-muted">
            Error code
            <input
              name="code"
              defaultValue={filters.code ?? ''}
              placeholder="PERIOD_MISMATCH"
              className="rounded border border-line px-2 py-1.5 font-mono text-sm"
            />
          </label>
          <button type="submit" className="rounded bg-accent px-3 py-1.5 text-sm font-medium text-white">
            Apply
          </button>
        </form>
        <ManifestsTable rows={rows} total={total} filters={filters} />
      </div>
    );
  },
);
