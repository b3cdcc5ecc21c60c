import type { Metadata } from 'next';
import { TableHead } from '@/components/ui/table-head';
import Link from 'next/link';
import { ActionForm } from '@/components/admin/action-form';
import { inputClass, labelClass } from '@/components/ui/form-classes';
import { Section } from '@/components/admin/section';
import { formatWhen } from '@/lib/format';
import { sourceVersions } from '@/lib/admin/sources';
import { ROLES } from '@/lib/db/schema';
import { isAppError } from '@/lib/errors';
import { setSourceAccessAction } from '../actions';
import { withPage } from '@/app/with-page';

export const metadata: Metadata = { title: 'Source' };

export default withPage('admin', async function SourcePage({ db, viewer }, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  let versions: Awaited<ReturnType<typeof sourceVersions>>;
  try {
    versions = await sourceVersions(db, viewer.tenantId, id);
  } catch (e) {
    if (isAppError(e) && e.status === 404) return <p role="alert">No such source.</p>;
    throw e;
  }
  const s = versions.find((v) => v.id === id)!;
  return (
    <div className="space-y-6">
      <p className="text-sm">
        <Link href="/admin/sources" className="text-accent hover:underline">
          ← Sources
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">{s.title}</h1>
      <Section title="Versions" id="versions-h">
        <table className="w-full text-sm" data-testid="source-versions">
          <TableHead columns={['Version', 'File', 'Filed', 'Ingested', 'Facts', 'State']} />
          <tbody>
            {versions.map((v) => (
              <tr key={v.id} className={`border-t border-line ${v.id === id ? 'bg-accent-soft/40' : ''}`}>
                <td className="px-4 py-2">
                  <Link href={`/admin/sources/${v.id}`} className="text-accent hover:underline">
                    v{v.version}
                  </Link>
                </td>
                <td className="px-4 py-2">{v.fileName ?? '—'}</td>
                <td className="px-4 py-2">{v.filedAt}</td>
                <td className="px-4 py-2 text-xs">{formatWhen(v.ingestedAt)}</td>
                <td className="tabular px-4 py-2">{v.factsAdded ?? '—'}</td>
                <td className={`px-4 py-2 ${v.revoked ? 'text-bad' : ''}`}>
                  {v.revoked ? `revoked ${formatWhen(v.revokedAt)}: ${v.revokedReason ?? ''}` : 'active'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      {!s.revoked && (
        <Section title="Who may see it, and from when" id="access-h">
          <div className="p-4">
            <ActionForm action={setSourceAccessAction} submit="Save access">
              <input type="hidden" name="sourceId" value={s.id} />
              <fieldset className="flex gap-3 text-sm">
                <legend className="text-xs text-muted">Roles (none ticked: every role of the tenant)</legend>
                {ROLES.map((r) => (
                  <label key={r} className="flex items-center gap-1">
                    <input type="checkbox" name="aclRoles" value={r} defaultChecked={s.aclRoles.includes(r)} /> {r}
                  </label>
                ))}
              </fieldset>
              <label className={labelClass}>
                Embargo until (UTC)
                <input
                  type="datetime-local"
                  name="effectiveAt"
                  defaultValue={s.effectiveAt ? s.effectiveAt.toISOString().slice(0, 16) : ''}
                  className={inputClass}
                />
              </label>
              <label className={`${labelClass} grow`}>
                Reason
                <input name="reason" required maxLength={1000} className={inputClass} />
              </label>
            </ActionForm>
          </div>
        </Section>
      )}
    </div>
  );
});
