import type { Metadata } from 'next';
import { TableHead } from '@/components/ui/table-head';
import Link from 'next/link';
import { ActionForm } from '@/components/admin/action-form';
import { inputClass } from '@/components/ui/form-classes';
import { Section } from '@/components/admin/section';
import { formatWhen } from '@/lib/format';
import { UploadForm } from '@/components/admin/upload-form';
import { listSources } from '@/lib/admin/sources';
import { MAX_UPLOAD_BYTES, UPLOAD_TYPES } from '@/lib/admin/upload-source';
import { revokeSourceAction } from './actions';
import { withPage } from '@/app/with-page';

export const metadata: Metadata = { title: 'Sources' };

function state(s: { revoked: boolean; effectiveAt: Date | null; aclRoles: string[] }): string {
  if (s.revoked) return 'revoked';
  const parts: string[] = [];
  if (s.effectiveAt && s.effectiveAt > new Date()) parts.push(`embargoed until ${formatWhen(s.effectiveAt)}`);
  if (s.aclRoles.length) parts.push(`only ${s.aclRoles.join(', ')}`);
  return parts.join('; ') || 'active';
}

export default withPage('admin', async function SourcesPage({ db, viewer }) {
  const list = await listSources(db, viewer.tenantId);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Sources</h1>
      <Section title="Upload" id="upload-h">
        <div className="p-4">
          <UploadForm maxBytes={MAX_UPLOAD_BYTES} extensions={Object.keys(UPLOAD_TYPES)} />
          <p className="mt-2 text-xs text-muted">
            A new file for a document already stored (same company, form and accession or file name) becomes its next version. Re-uploading
            revoked bytes does not bring them back.
          </p>
        </div>
      </Section>
      <Section title="Stored sources" id="sources-h">
        <table className="w-full text-sm" data-testid="sources-table">
          <TableHead columns={['Title', 'Entity', 'Filing', 'Version', 'Facts', 'State', 'Revoke']} />
          <tbody>
            {list.map((s) => (
              <tr key={s.id} className="border-t border-line align-top">
                <td className="min-w-56 px-4 py-2">
                  <Link href={`/admin/sources/${s.id}`} className="text-accent hover:underline">
                    {s.title}
                  </Link>
                  <div className="text-xs text-muted">
                    {s.kind} · {s.fileName ?? '—'} · ingested {formatWhen(s.ingestedAt)}
                  </div>
                </td>
                <td className="px-4 py-2">{s.entityName}</td>
                <td className="px-4 py-2 font-mono text-xs">
                  {[[s.form, s.accession].filter(Boolean).join(' '), s.filedAt].filter(Boolean).join(' · ') || '—'}
                </td>
                <td className="px-4 py-2">v{s.version}</td>
                <td className="tabular px-4 py-2">
                  {s.factsAdded ?? '—'}
                  {s.factsQuarantined ? <span className="text-warn"> ({s.factsQuarantined} quarantined)</span> : null}
                </td>
                <td className={`px-4 py-2 ${s.revoked ? 'text-bad' : ''}`}>{state(s)}</td>
                <td className="px-4 py-2">
                  {!s.revoked && (
                    <ActionForm
                      action={revokeSourceAction}
                      submit="Revoke"
                      submitClassName="rounded border border-bad px-2 py-1 text-xs text-bad hover:bg-red-50"
                    >
                      <input type="hidden" name="sourceId" value={s.id} />
                      <input
                        name="reason"
                        required
                        maxLength={1000}
                        placeholder="reason"
                        aria-label={`Reason to revoke ${s.title}`}
                        className={`${inputClass} w-36 text-xs`}
                      />
                    </ActionForm>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
    </div>
  );
});
