import type { Metadata } from 'next';
import { ActionForm } from '@/components/admin/action-form';
import { inputClass, labelClass } from '@/components/ui/form-classes';
import { Section } from '@/components/admin/section';
import { listEntities } from '@/lib/admin/entities';
import { ALIAS_KINDS } from '@/lib/db/schema';
import { addAliasAction, removeAliasAction, updateEntityAction } from './actions';
import { withPage } from '@/app/with-page';

export const metadata: Metadata = { title: 'Entities' };

export default withPage(
  'admin',
  async function EntitiesPage({ db, viewer }, { searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
    const raw = (await searchParams).q;
    const q = (Array.isArray(raw) ? raw[0] : raw)?.slice(0, 200) ?? '';
    const list = await listEntities(db, viewer.tenantId, { q });
    return (
      <div className="space-y-6">
        <h1 className="text-2xl font-semibold">Entities</h1>
        <p className="max-w-3xl text-sm text-muted">
          Names, tickers and aliases the planner resolves questions against; the next question sees a change. Kinds: <em>brand</em> — a name
          the company trades under (Google); <em>former_name</em> — a name it used to file under; <em>ticker</em> — one per share class
          (GOOG, GOOGL);
          <em>listing</em> — EXCHANGE:TICKER (NYSE:SNOW). Every change is audited.
        </p>
        <search>
          <form method="get" className="flex items-end gap-2">
            <label className={labelClass}>
              Find
              <input name="q" defaultValue={q} maxLength={200} placeholder="name, ticker, CIK or alias" className={inputClass} />
            </label>
            <button type="submit" className="rounded border border-line px-3 py-1 text-sm">
              Search
            </button>
            <span className="text-sm text-muted">
              {list.total > list.length
                ? `Showing ${list.length} of ${list.total.toLocaleString('en-US')}; narrow the search to see others.`
                : `${list.total.toLocaleString('en-US')} entities`}
            </span>
          </form>
        </search>
        {list.length === 0 && <p className="text-sm text-muted">{q ? 'No entity matches.' : 'No entities yet: upload a source.'}</p>}
        {list.map((e) => (
          <Section
            key={e.id}
            title={e.name}
            id={`entity-${e.id.slice(0, 12)}`}
            actions={
              <span className="font-mono text-xs text-muted">{[e.ticker, e.cik && `CIK ${e.cik}`].filter(Boolean).join(' · ')}</span>
            }
          >
            <div className="space-y-3 p-4">
              <ul className="flex flex-wrap gap-2" aria-label={`Aliases of ${e.name}`}>
                {e.aliases.map((a) => (
                  <li key={a.alias} className="flex items-center gap-1 rounded border border-line px-2 py-0.5 text-sm">
                    <span>{a.alias}</span>
                    <span className="text-xs text-muted">{a.kind}</span>
                    <ActionForm
                      action={removeAliasAction}
                      submit="×"
                      submitClassName="px-1 text-bad hover:underline"
                      className="inline-flex items-center"
                    >
                      <input type="hidden" name="entityId" value={e.id} />
                      <input type="hidden" name="alias" value={a.alias} />
                    </ActionForm>
                  </li>
                ))}
              </ul>
              <ActionForm action={addAliasAction} submit="Add alias">
                <input type="hidden" name="entityId" value={e.id} />
                <label className={labelClass}>
                  Alias
                  <input name="alias" required maxLength={200} className={inputClass} />
                </label>
                <label className={labelClass}>
                  Kind
                  <select name="kind" defaultValue="abbreviation" className={inputClass}>
                    {ALIAS_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {k}
                      </option>
                    ))}
                  </select>
                </label>
              </ActionForm>
              <ActionForm action={updateEntityAction} submit="Save name and ticker">
                <input type="hidden" name="entityId" value={e.id} />
                <label className={labelClass}>
                  Name
                  <input name="name" required defaultValue={e.name} maxLength={200} className={inputClass} />
                </label>
                <label className={labelClass}>
                  Ticker
                  <input name="ticker" defaultValue={e.ticker ?? ''} maxLength={12} className={`${inputClass} w-28 font-mono`} />
                </label>
                <label className={`${labelClass} grow`}>
                  Reason
                  <input name="reason" required maxLength={500} className={inputClass} />
                </label>
              </ActionForm>
            </div>
          </Section>
        ))}
      </div>
    );
  },
);
