import Link from 'next/link';
import { tenantOverview } from '@/lib/facts/overview';
import { withPage } from '@/app/with-page';

export default withPage('analyst', async function HomePage({ db, viewer }) {
  const overview = await tenantOverview(db, viewer.tenantId, viewer.role);
  return (
    <div className="space-y-6">
      <section>
        <h1 className="text-2xl font-semibold">Reported numbers, period-correct and cited</h1>
        <p className="mt-1 max-w-3xl text-muted">
          Ledgerline answers questions about companies’ reported figures with numbers computed by a validated calculation service. Every
          number carries its fact, its exact period bounds and its source cell; joins across periods, scopes or entities are refused with a
          typed reason.
        </p>
        <search aria-label="Ask a question">
          <form action="/ask" method="get" className="mt-4 flex max-w-3xl gap-2">
            <label htmlFor="home-q" className="sr-only">
              Question
            </label>
            <input
              id="home-q"
              name="q"
              maxLength={2000}
              required
              placeholder="Ask about a company’s reported numbers, e.g. its operating margin in a fiscal year"
              className="min-w-0 flex-1 rounded-lg border border-line bg-white px-3 py-2 shadow-sm"
            />
            <button type="submit" className="rounded-lg bg-accent px-4 py-2 font-medium text-white">
              Ask
            </button>
          </form>
        </search>
      </section>
      <section aria-label="Store overview" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ['Entities', overview.entities],
          ['Active facts', overview.activeFacts],
          ['Quarantined facts', overview.quarantinedFacts],
          ['Sources', overview.sources],
        ].map(([label, n]) => (
          <div key={label} className="rounded-lg border border-line bg-white p-4">
            <div className="text-xs uppercase tracking-wide text-muted">{label}</div>
            <div className="tabular mt-1 text-2xl font-semibold">{Number(n).toLocaleString('en-US')}</div>
          </div>
        ))}
      </section>
      <section aria-label="Entities" className="rounded-lg border border-line bg-white">
        <h2 className="border-b border-line px-4 py-2 font-medium">Entities</h2>
        <ul className="divide-y divide-line">
          {overview.byEntity.map((e) => (
            <li key={e.id} className="flex items-center justify-between px-4 py-2 text-sm">
              <span>
                <span className="font-medium">{e.name}</span>
                {e.ticker && <span className="ml-2 font-mono text-xs text-muted">{e.ticker}</span>}
              </span>
              <Link className="text-accent underline" href={`/facts?entity=${encodeURIComponent(e.id)}`}>
                {e.facts.toLocaleString('en-US')} facts
              </Link>
            </li>
          ))}
          {overview.byEntity.length === 0 && <li className="px-4 py-6 text-sm text-muted">No entities yet: ingest a filing.</li>}
        </ul>
      </section>
    </div>
  );
});
