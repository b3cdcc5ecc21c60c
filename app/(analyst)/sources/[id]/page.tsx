import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { Loading } from '@/components/ui/loading';
import { FilingView } from '@/components/sources/filing-view';
import { PdfView } from '@/components/sources/pdf-view';
import { isAppError } from '@/lib/errors';
import { withPage } from '@/app/with-page';
import type { Viewer } from '@/lib/auth/viewer';
import { sourceViewBody, sourceViewHead } from '@/lib/server/workspace';

export const metadata: Metadata = { title: 'Source' };

const hex64 = /^[0-9a-f]{64}$/;

function one(v: string | string[] | undefined): string | null {
  const s = Array.isArray(v) ? v[0] : v;
  return s && hex64.test(s) ? s : null;
}

const formatBytes = (n: number) => (n >= 1_000_000 ? `${(n / 1_000_000).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1000))} KB`);

/** The filing's sanitized HTML with the cited cell or passage marked (streamed in after the page head). */
async function Filing({
  viewer,
  sourceId,
  cellId,
  chunkId,
}: {
  viewer: Viewer;
  sourceId: string;
  cellId: string | null;
  chunkId: string | null;
}) {
  const body = await sourceViewBody(viewer, sourceId);
  if (body.html === null) return <p className="text-sm text-muted">The document itself was not kept when this source was ingested.</p>;
  return <FilingView html={body.html} cellId={cellId} chunkId={chunkId} contexts={body.contexts} />;
}

/** The source viewer: the filing itself, with the cited cell or passage highlighted. */
type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default withPage('analyst', async function SourcePage({ viewer }, { params, searchParams }: Props) {
  const { id } = await params;
  if (!hex64.test(id)) notFound();
  const sp = await searchParams;
  const factId = one(sp.fact);
  const chunkId = factId ? null : one(sp.chunk);
  const view = await sourceViewHead(viewer, id, { factId, chunkId }).catch((e) => {
    if (isAppError(e) && e.status === 404) return null;
    throw e;
  });
  if (!view) notFound();
  const { header: h, target: t } = view;
  return (
    <div className="space-y-4">
      <div className="min-w-0">
        <p className="text-xs uppercase tracking-wide text-muted">Source · {h.kind}</p>
        <h1 className="break-words text-xl font-semibold">{h.title}</h1>
        <p className="text-sm text-muted">
          {[h.entityName, h.form, h.accession, h.filedAt && `filed ${h.filedAt}`, h.periodOfReport && `period ${h.periodOfReport}`]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      {t && (
        <section aria-label="Cited" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="cited-summary">
          <div className="font-medium">{t.kind === 'passage' ? 'Cited passage' : 'Cited number'}</div>
          {t.fact && (
            <dl className="mt-1 grid grid-cols-[7rem_1fr] gap-x-2 gap-y-0.5 text-xs">
              <dt className="text-muted">Concept</dt>
              <dd className="break-all font-mono">{t.fact.concept}</dd>
              <dt className="text-muted">Value</dt>
              <dd className="tabular">
                {t.fact.value} {t.fact.unit}
                {t.text ? ` · printed “${t.text}”` : ''}
              </dd>
              <dt className="text-muted">Period</dt>
              <dd>{t.fact.periodType === 'instant' ? `as of ${t.fact.end}` : `${t.fact.start} to ${t.fact.end}`}</dd>
              <dt className="text-muted">Dimensions</dt>
              <dd className="break-all">
                {Object.keys(t.fact.dimensions).length
                  ? Object.entries(t.fact.dimensions)
                      .map(([k, v]) => `${k} = ${v}`)
                      .join('; ')
                  : 'none (total)'}
              </dd>
              {t.rowLabel && (
                <>
                  <dt className="text-muted">Row · column</dt>
                  <dd>
                    {t.rowLabel}
                    {t.columnPath.length ? ` · ${t.columnPath.join(' › ')}` : ''}
                  </dd>
                </>
              )}
              {t.page && (
                <>
                  <dt className="text-muted">Page</dt>
                  <dd>{t.page}</dd>
                </>
              )}
            </dl>
          )}
          {t.kind === 'passage' && t.text && (
            <blockquote className="mt-1 line-clamp-4 border-l-2 border-amber-500 pl-2 text-xs italic">{t.text}</blockquote>
          )}
          {t.kind === 'fact' && (
            <p className="mt-1 text-xs text-muted">
              This fact has no table cell in this document (it is reported in the filing’s XBRL data).
            </p>
          )}
        </section>
      )}
      {h.mediaType === 'text/html' ? (
        // the filing is rendered after the head is on screen: a big filing's first render takes seconds
        <Suspense
          fallback={<Loading label={`Loading the filing${h.byteSize ? ` (${formatBytes(h.byteSize)})` : ''}…`} testId="filing-loading" />}
        >
          <Filing viewer={viewer} sourceId={h.id} cellId={t?.kind === 'cell' ? t.id : null} chunkId={t?.kind === 'passage' ? t.id : null} />
        </Suspense>
      ) : h.mediaType === 'application/pdf' ? (
        <PdfView
          src={`/api/sources/${h.id}/document`}
          initialPage={t?.page ?? 1}
          target={t?.kind === 'cell' && t.text ? { text: t.text, rowLabel: t.rowLabel, columnPath: t.columnPath } : null}
        />
      ) : (
        <p className="rounded-lg border border-line bg-white p-4 text-sm text-muted">
          {h.kind === 'companyfacts' || h.kind === 'xbrl-instance'
            ? 'This source is a structured data file (XBRL facts), not a document: its numbers are in the facts browser.'
            : 'The document itself was not kept when this source was ingested; re-ingest it to view it here.'}{' '}
          <Link className="text-accent underline" href="/facts">
            Open the facts browser
          </Link>
        </p>
      )}
    </div>
  );
});
