import type { Metadata } from 'next';
import Link from 'next/link';
import { LineChart } from '@/components/monitoring/line-chart';
import { WATCHED_CODES } from '@/lib/monitoring/counters';
import { monitoringData, parseWindow, WINDOWS } from '@/lib/monitoring/dashboard';
import type { EvalReport } from '@/lib/monitoring/eval-results';
import { withPage } from '@/app/with-page';
import { manifestRetentionStatus } from '@/lib/admin/manifest-retention';

export const metadata: Metadata = { title: 'Monitoring' };
export const dynamic = 'force-dynamic';

const pct = (r: { rate: number; low: number; high: number; k: number; n: number }) =>
  r.n === 0 ? '–' : `${(r.rate * 100).toFixed(1)}% [${(r.low * 100).toFixed(1)}–${(r.high * 100).toFixed(1)}]`;
const series = (s: Record<string, number[]>) => Object.entries(s).map(([label, values]) => ({ label, values }));

function ReportRow({ name, r }: { name: string; r: EvalReport }) {
  return (
    <tr className="border-t border-line">
      <td className="px-3 py-1.5 font-medium">{name}</td>
      <td className="px-3 py-1.5 tabular">{r.n}</td>
      <td className="px-3 py-1.5 tabular">{pct(r.answerRate)}</td>
      <td className="px-3 py-1.5 tabular">{pct(r.correctSupportedRate)}</td>
      <td className={`px-3 py-1.5 tabular ${r.periodMismatchEscapeRate.k > 0 ? 'font-semibold text-red-700' : ''}`}>
        {r.periodMismatchEscapeRate.k} ({pct(r.periodMismatchEscapeRate)})
      </td>
      <td className="px-3 py-1.5 tabular">{pct(r.correctAbstentionRate)}</td>
      <td className="px-3 py-1.5 tabular">
        {r.latencyP50} / {r.latencyP95} ms
      </td>
    </tr>
  );
}

/** The retention of evidence manifests: the window, what is stored and what the next pass deletes. */
function Retention({ retention }: { retention: Awaited<ReturnType<typeof manifestRetentionStatus>> }) {
  return (
    <section className="rounded-lg border border-line bg-white p-4" aria-labelledby="ret-h">
      <h2 id="ret-h" className="mb-2 font-medium">
        Evidence manifests: retention
      </h2>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="text-muted">Kept for</dt>
        <dd>
          {retention.days === null
            ? 'forever (LEDGERLINE_MANIFEST_RETENTION_DAYS=0)'
            : `${retention.days} days (LEDGERLINE_MANIFEST_RETENTION_DAYS)`}
          ; a manifest a reviewer verdict or a conversation in its owner’s history refers to is kept whatever its age
        </dd>
        <dt className="text-muted">Stored</dt>
        <dd className="tabular">
          {retention.stored} manifest{retention.stored === 1 ? '' : 's'}
          {retention.oldest ? `, the oldest from ${retention.oldest.slice(0, 10)}` : ''}
        </dd>
        {retention.days !== null && (
          <>
            <dt className="text-muted">Past the window</dt>
            <dd className="tabular">
              {retention.deletable} to be deleted at the next pass (created before {retention.cutoff?.slice(0, 10)}),{' '}
              {retention.keptReferenced} kept because something refers to them
            </dd>
          </>
        )}
        <dt className="text-muted">Last deletion</dt>
        <dd>
          {retention.lastPrune
            ? `${retention.lastPrune.at.slice(0, 16).replace('T', ' ')} UTC by ${retention.lastPrune.actor}: ${retention.lastPrune.deleted} deleted`
            : 'none recorded'}
          ; each server process runs one every 6 hours, `npm run cli -- manifests prune` on demand
        </dd>
      </dl>
    </section>
  );
}

export default withPage(
  'admin',
  async function MonitoringPage(
    { db, viewer },
    { searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> },
  ) {
    const days = parseWindow((await searchParams).days);
    const [data, retention] = await Promise.all([
      monitoringData(db, viewer.tenantId, { days }),
      manifestRetentionStatus(db, viewer.tenantId),
    ]);
    const c = data.charts;
    const sets = [...new Set(data.evalHistory.map((h) => h.set))];
    const runs = [...new Set(data.evalHistory.map((h) => h.at))];

    return (
      <div className="space-y-6">
        <div className="flex flex-wrap items-baseline gap-4">
          <h1 className="text-2xl font-semibold">Monitoring</h1>
          <Link href="/admin" className="text-sm text-accent hover:underline">
            ← Admin
          </Link>
          <nav aria-label="Window" className="ml-auto flex gap-2 text-sm">
            {WINDOWS.map((d) => (
              <Link
                key={d}
                href={`/admin/monitoring?days=${d}`}
                aria-current={d === days ? 'page' : undefined}
                className={`rounded px-2 py-1 ${d === days ? 'bg-accent text-white' : 'text-accent hover:underline'}`}
              >
                {d} days
              </Link>
            ))}
          </nav>
        </div>

        <section className="rounded-lg border border-line bg-white p-4" aria-labelledby="ans-h">
          <h2 id="ans-h" className="mb-3 font-medium">
            Answers (last {days} days)
          </h2>
          <div className="grid gap-6 lg:grid-cols-3">
            <LineChart
              width={420}
              height={150}
              title="Answered and abstentions per day"
              x={c.volume.days}
              series={series(c.volume.series)}
            />
            <LineChart
              width={420}
              height={150}
              title="Typed error codes per day"
              x={c.codes.days}
              series={WATCHED_CODES.map((k) => ({ label: k, values: c.codes.series[k] ?? c.codes.days.map(() => 0) }))}
            />
            <LineChart
              width={420}
              height={150}
              title="Latency per day (ms)"
              measure="level"
              x={c.latency.days}
              series={series(c.latency.series)}
            />
          </div>
          <div className="mt-4 min-w-0 overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="px-3 pb-1 text-left text-xs text-muted">
                By ingestion source and extractor version of the facts the answers rest on (“none”: no fact, e.g. an abstention)
              </caption>
              <thead className="bg-slate-50 text-left text-xs uppercase text-muted">
                <tr>
                  <th className="px-3 py-1.5">Source · extractor</th>
                  <th className="px-3 py-1.5">Answers</th>
                  <th className="px-3 py-1.5">Abstentions</th>
                  {WATCHED_CODES.map((k) => (
                    <th key={k} className="px-3 py-1.5">
                      {k}
                    </th>
                  ))}
                  <th className="px-3 py-1.5">p95 ms</th>
                </tr>
              </thead>
              <tbody>
                {data.bySource.length === 0 ? (
                  <tr>
                    <td colSpan={4 + WATCHED_CODES.length} className="px-3 py-2 text-muted">
                      No answers in this window.
                    </td>
                  </tr>
                ) : (
                  data.bySource.map((g) => (
                    <tr key={g.key} className="border-t border-line">
                      <td className="px-3 py-1.5 font-mono text-xs">{g.key}</td>
                      <td className="px-3 py-1.5 tabular">{g.answers}</td>
                      <td className="px-3 py-1.5 tabular">{g.abstentions}</td>
                      {WATCHED_CODES.map((k) => (
                        <td key={k} className={`px-3 py-1.5 tabular ${g.codes[k] ? 'font-semibold' : 'text-muted'}`}>
                          {g.codes[k]}
                        </td>
                      ))}
                      <td className="px-3 py-1.5 tabular">{g.latencyP95 ?? '–'}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        </section>

        <Retention retention={retention} />

        <section className="rounded-lg border border-line bg-white p-4" aria-labelledby="ing-h">
          <h2 id="ing-h" className="mb-3 font-medium">
            Ingestion (last {days} days)
          </h2>
          <div className="grid gap-6 lg:grid-cols-2">
            <LineChart
              title="Facts added, quarantined and failed runs per day"
              x={c.ingestFacts.days}
              series={series(c.ingestFacts.series)}
            />
            <LineChart
              title="Quarantine reasons counted by ingestion per day"
              x={c.ingestCodes.days}
              series={series(c.ingestCodes.series)}
            />
          </div>
          <div className="mt-4 grid gap-6 lg:grid-cols-2">
            <div className="min-w-0 overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="px-3 pb-1 text-left text-xs text-muted">Runs by format and extractor version</caption>
                <thead className="bg-slate-50 text-left text-xs uppercase text-muted">
                  <tr>
                    <th className="px-3 py-1.5">Day</th>
                    <th className="px-3 py-1.5">Format · extractor</th>
                    <th className="px-3 py-1.5">Runs</th>
                    <th className="px-3 py-1.5">Failed</th>
                    <th className="px-3 py-1.5">Facts</th>
                    <th className="px-3 py-1.5">Quarantined</th>
                    <th className="px-3 py-1.5">p95 ms</th>
                  </tr>
                </thead>
                <tbody>
                  {data.ingest.slice(-20).map((r) => (
                    <tr key={`${r.day}|${r.format}|${r.extractorVersion}`} className="border-t border-line">
                      <td className="whitespace-nowrap px-3 py-1.5 tabular">{r.day}</td>
                      <td className="px-3 py-1.5 font-mono text-xs">
                        {r.format} · {r.extractorVersion}
                      </td>
                      <td className="px-3 py-1.5 tabular">{r.runs}</td>
                      <td className={`px-3 py-1.5 tabular ${r.failed ? 'font-semibold text-red-700' : ''}`}>{r.failed}</td>
                      <td className="px-3 py-1.5 tabular">{r.factsAdded}</td>
                      <td className="px-3 py-1.5 tabular">{r.factsQuarantined}</td>
                      <td className="px-3 py-1.5 tabular">{r.durationP95 ?? '–'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="min-w-0 overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="px-3 pb-1 text-left text-xs text-muted">
                  Quarantined facts (all time) by reason, source and extractor version
                </caption>
                <thead className="bg-slate-50 text-left text-xs uppercase text-muted">
                  <tr>
                    <th className="px-3 py-1.5">Reason</th>
                    <th className="px-3 py-1.5">Source · extractor</th>
                    <th className="px-3 py-1.5">Facts</th>
                  </tr>
                </thead>
                <tbody>
                  {data.quarantine.length === 0 ? (
                    <tr>
                      <td colSpan={3} className="px-3 py-2 text-muted">
                        No quarantined facts.
                      </td>
                    </tr>
                  ) : (
                    data.quarantine.map((q) => (
                      <tr key={`${q.reason}|${q.source}|${q.extractorVersion}`} className="border-t border-line">
                        <td className="px-3 py-1.5 font-mono text-xs">{q.reason}</td>
                        <td className="px-3 py-1.5 font-mono text-xs">
                          {q.source} · {q.extractorVersion}
                        </td>
                        <td className="px-3 py-1.5 tabular">{q.facts}</td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
            </div>
          </div>
        </section>

        <section className="rounded-lg border border-line bg-white p-4" aria-labelledby="eval-h">
          <h2 id="eval-h" className="mb-1 font-medium">
            Latest eval
          </h2>
          {!data.eval ? (
            <p className="text-sm text-muted">
              No results yet: run <code>npm run eval</code> (writes <code>.eval/latest.json</code>).
            </p>
          ) : (
            <div className="space-y-5">
              <p className="text-xs text-muted">Run at {data.eval.at}. Rates with 95% Wilson intervals.</p>
              {data.eval.runs.map((run) => (
                <div key={run.set} className="space-y-2">
                  <h3 className="text-sm font-semibold">Set “{run.set}”</h3>
                  <div className="min-w-0 overflow-x-auto">
                    <table className="w-full text-sm">
                      <thead className="bg-slate-50 text-left text-xs uppercase text-muted">
                        <tr>
                          <th className="px-3 py-1.5">Pathway</th>
                          <th className="px-3 py-1.5">n</th>
                          <th className="px-3 py-1.5">Answer rate</th>
                          <th className="px-3 py-1.5">Correct + supported</th>
                          <th className="px-3 py-1.5">Period-mismatch escapes</th>
                          <th className="px-3 py-1.5">Correct abstention</th>
                          <th className="px-3 py-1.5">Latency p50 / p95</th>
                        </tr>
                      </thead>
                      <tbody>
                        <ReportRow name="overall" r={run.overall} />
                        {Object.entries(run.byPathway).map(([p, r]) => (
                          <ReportRow key={p} name={p} r={r} />
                        ))}
                      </tbody>
                    </table>
                  </div>
                  {run.byCategory ? (
                    <p className="text-xs text-muted">
                      By category:{' '}
                      {Object.entries(run.byCategory)
                        .map(([k, v]) => `${k} ${v.correct}/${v.n}`)
                        .join(' · ')}
                    </p>
                  ) : null}
                  {Object.keys(run.failureCounts).length ? (
                    <p className="text-xs text-muted">
                      Failure classes:{' '}
                      {Object.entries(run.failureCounts)
                        .sort((a, b) => b[1] - a[1])
                        .map(([k, v]) => `${k} ${v}`)
                        .join(' · ')}
                    </p>
                  ) : null}
                  {run.failures.length ? (
                    <details className="text-sm">
                      <summary className="cursor-pointer text-accent">{run.failures.length} failing questions</summary>
                      <ul className="mt-2 space-y-1">
                        {run.failures.slice(0, 100).map((f) => (
                          <li key={f.id}>
                            <span className="font-mono text-xs">{f.id}</span> {f.question}{' '}
                            <span className="text-xs text-muted">
                              [{f.failure?.finrate} / {f.failure?.temporal ?? '–'}] {f.failure?.detail}
                            </span>
                          </li>
                        ))}
                      </ul>
                    </details>
                  ) : null}
                </div>
              ))}
              {runs.length > 1 ? (
                <LineChart
                  title="Correct and supported answer rate by eval run"
                  x={runs.map((a) => a.slice(0, 16).replace('T', ' '))}
                  yMax={1}
                  measure="level"
                  format={(v) => `${Math.round(v * 100)}%`}
                  series={sets.map((s) => ({
                    label: s,
                    values: runs.map((a) => data.evalHistory.find((h) => h.at === a && h.set === s)?.correctSupported ?? 0),
                  }))}
                />
              ) : null}
            </div>
          )}
        </section>
      </div>
    );
  },
);
