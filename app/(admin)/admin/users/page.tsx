import type { Metadata } from 'next';
import { TableHead } from '@/components/ui/table-head';
import { ActionForm } from '@/components/admin/action-form';
import { inputClass, labelClass } from '@/components/ui/form-classes';
import { Section } from '@/components/admin/section';
import { formatWhen } from '@/lib/format';
import { MIN_PASSWORD_LENGTH } from '@/lib/auth/better-auth';
import { listUsers } from '@/lib/auth/users';
import { ROLES } from '@/lib/db/schema';
import { createUserAction, updateUserAction } from './actions';
import { withPage } from '@/app/with-page';

export const metadata: Metadata = { title: 'Users' };

export default withPage('admin', async function UsersPage({ db, viewer }) {
  const list = await listUsers(db, viewer.tenantId);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Users</h1>
      <Section title="Accounts" id="users-h">
        <table className="w-full text-sm" data-testid="users-table">
          <TableHead columns={['Name', 'Email', 'Role', 'Sessions', 'Created', 'Change']} />
          <tbody>
            {list.map((u) => (
              <tr key={u.id} className={`border-t border-line align-top ${u.disabled ? 'text-muted' : ''}`}>
                <td className="px-4 py-2">
                  {u.name}
                  {u.disabled && <span className="ml-1 text-xs text-bad">disabled</span>}
                </td>
                <td className="px-4 py-2">{u.email}</td>
                <td className="px-4 py-2">{u.role}</td>
                <td className="tabular px-4 py-2">{u.sessions}</td>
                <td className="px-4 py-2 text-xs">{formatWhen(u.createdAt)}</td>
                <td className="px-4 py-2">
                  {u.id !== viewer.userId && (
                    <ActionForm
                      action={updateUserAction}
                      submit="Apply"
                      submitClassName="rounded border border-line px-2 py-1 text-xs hover:bg-slate-100"
                    >
                      <input type="hidden" name="userId" value={u.id} />
                      <select name="role" defaultValue={u.role} aria-label={`Role of ${u.email}`} className={`${inputClass} text-xs`}>
                        {ROLES.map((r) => (
                          <option key={r} value={r}>
                            {r}
                          </option>
                        ))}
                      </select>
                      <select
                        name="disabled"
                        defaultValue={u.disabled ? '1' : '0'}
                        aria-label={`State of ${u.email}`}
                        className={`${inputClass} text-xs`}
                      >
                        <option value="0">enabled</option>
                        <option value="1">disabled</option>
                      </select>
                      <input
                        name="reason"
                        required
                        maxLength={500}
                        placeholder="reason"
                        aria-label={`Reason for changing ${u.email}`}
                        className={`${inputClass} w-32 text-xs`}
                      />
                    </ActionForm>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section title="New account" id="new-user-h">
        <div className="p-4">
          <ActionForm action={createUserAction} submit="Create account" testId="create-user-form">
            <label className={labelClass}>
              Email
              <input name="email" type="email" required maxLength={254} autoComplete="off" className={inputClass} />
            </label>
            <label className={labelClass}>
              Name
              <input name="name" required maxLength={120} className={inputClass} />
            </label>
            <label className={labelClass}>
              Role
              <select name="role" defaultValue="analyst" className={inputClass}>
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
            </label>
            <label className={labelClass}>
              Initial password (at least {MIN_PASSWORD_LENGTH} characters)
              <input
                name="password"
                type="password"
                required
                minLength={MIN_PASSWORD_LENGTH}
                maxLength={128}
                autoComplete="new-password"
                className={inputClass}
              />
            </label>
          </ActionForm>
        </div>
      </Section>
    </div>
  );
});
