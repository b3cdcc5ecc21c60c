import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AnswerView } from '@/components/answer/answer-view';
import { VerdictForm } from '@/components/manifests/verdict-form';
import { getManifest } from '@/lib/evidence/manifest-detail';
import { REDACTED } from '@/lib/auth/redact-manifest';
import { withPage } from '@/app/with-page';

export const metadata: Metadata = { title: 'Evidence manifest' };

function Json({ value }: { value: unknown }) {
  return <pre className="max-h-96 overflow-auto rounded bg-slate-50 p-3 font-mono text-xs">{JSON.stringify(value, null, 2)}</pre>;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-2" aria-label={title}>
      <h2 className="font-medium">{title}</h2>
      {children}
    </section>
  );
}

export default withPage('reviewer', async function ManifestPage({ db, viewer }, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[0-9a-f]{64}$/.test(id)) notFound();
  const m = await getManifest(db, { tenantId: viewer.tenantId, role: viewer.role }, id);
  if (!m) notFound();
  const rejected = m.rejected as {
    kind: string;
    code?: string;
    reason?: string;
    factId?: string;
    errors?: { code: string; message: string }[];
    redacted?: true;
  }[];
  const candidates = m.candidates as (
    | {
        id: string;
        concept: string;
        value: string;
        period: { start?: string; end?: string; date?: string };
        filedAt: string;
        version: number;
        accession: string | null;
        redacted?: undefined;
      }
    | { redacted: true }
  )[];
  return (
    <div className="space-y-6">
      <div className="flex items-start justify-between gap-4">
        <div>
          <Link href="/manifests" className="text-sm text-muted underline">
            ← Manifests
          </Link>
          <h1 className="mt-1 text-2xl font-semibold">{m.question}</h1>
          <p className="text-sm text-muted">
            {m.status} · {m.pathway} · asked by {m.userName ?? 'CLI'} · {m.createdAt.toISOString().replace('T', ' ').slice(0, 19)} UTC ·{' '}
            {m.latencyMs} ms
          </p>
        </div>
        <a
          className="rounded border border-line bg-white px-3 py-1.5 text-sm"
          href={`/api/manifests/${m.id}`}
          download={`manifest-${m.id.slice(0, 12)}.json`}
        >
          Export JSON
        </a>
      </div>
      {m.redaction.parts > 0 && (
        <p role="status" data-testid="redaction-notice" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm">
          {m.redaction.parts} part{m.redaction.parts === 1 ? '' : 's'} of this manifest {m.redaction.parts === 1 ? 'is' : 'are'} redacted:
          they rest on sources you may not see now (access restricted, revoked or embargoed since the question was asked). Marked {REDACTED}{' '}
          below and in the export.
        </p>
      )}
      <Section title="Answer">
        <AnswerView answer={m.answer} />
      </Section>
      <Section title="Resolved intent">
        <Json value={m.intent} />
      </Section>
      <Section title={`Candidate facts (${candidates.length})`}>
        <table className="w-full text-xs">
          <thead className="bg-slate-50 text-left uppercase text-muted">
            <tr>
              <th className="px-2 py-1">Fact</th>
              <th className="px-2 py-1">Concept</th>
              <th className="px-2 py-1">Value</th>
              <th className="px-2 py-1">Period</th>
              <th className="px-2 py-1">Filed</th>
              <th className="px-2 py-1">Version</th>
            </tr>
          </thead>
          <tbody>
            {candidates.map((c, i) =>
              c.redacted ? (
                <tr key={`redacted-${i}`} className="border-t border-line text-muted">
                  <td className="px-2 py-1" colSpan={6}>
                    {REDACTED}
                  </td>
                </tr>
              ) : (
                <tr key={`${c.id}-${i}`} className="border-t border-line">
                  <td className="px-2 py-1 font-mono">{c.id.slice(0, 12)}</td>
                  <td className="px-2 py-1 font-mono">{c.concept}</td>
                  <td className="px-2 py-1 tabular">{c.value}</td>
                  <td className="px-2 py-1 tabular">{c.period.date ?? `${c.period.start} → ${c.period.end}`}</td>
                  <td className="px-2 py-1">
                    {c.filedAt} {c.accession}
                  </td>
                  <td className="px-2 py-1">v{c.version}</td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </Section>
      <Section title={`Rejected candidates and joins (${rejected.length})`}>
        <ul className="space-y-1 text-sm">
          {rejected.map((r, i) => (
            <li key={i} className="rounded bg-red-50 px-2 py-1">
              <code className="font-mono text-xs font-semibold text-bad">{r.code ?? r.errors?.map((e) => e.code).join(', ') ?? ''}</code>{' '}
              <span className="text-xs">
                {r.kind}
                {r.factId ? ` ${r.factId.slice(0, 12)}` : ''}:{' '}
                {r.redacted && !r.reason ? REDACTED : (r.reason ?? r.errors?.map((e) => e.message).join('; '))}
              </span>
            </li>
          ))}
          {rejected.length === 0 && <li className="text-sm text-muted">Nothing was rejected.</li>}
        </ul>
      </Section>
      <Section title="Calculations">
        <Json value={m.calculations} />
      </Section>
      <Section title="Versions">
        <Json value={m.versions} />
      </Section>
      <Section title="Verdicts">
        <ul className="space-y-1 text-sm">
          {m.verdicts.map((v) => (
            <li key={v.id} data-testid="verdict">
              <span className="font-medium">{v.verdict}</span>
              {v.failureClass ? ` · ${v.failureClass}` : ''} · {v.reviewer} · {v.createdAt.toISOString().slice(0, 16).replace('T', ' ')}
              {v.comment ? ` — ${v.comment}` : ''}
            </li>
          ))}
          {m.verdicts.length === 0 && <li className="text-muted">No verdict yet.</li>}
        </ul>
        <VerdictForm manifestId={m.id} />
      </Section>
    </div>
  );
});
