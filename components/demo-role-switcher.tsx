'use client';

import { useTransition } from 'react';
import { switchDemoRole } from '@/app/actions';

export function DemoRoleSwitcher({ current }: { current: string }) {
  const [pending, start] = useTransition();
  return (
    <label className="flex items-center gap-1">
      <span className="sr-only">Demo role</span>
      <select
        aria-label="Demo role"
        className="rounded border border-line bg-white px-2 py-1 text-sm"
        value={current}
        disabled={pending}
        onChange={(e) => {
          const role = e.target.value;
          start(async () => {
            await switchDemoRole(role);
          });
        }}
      >
        <option value="analyst">analyst</option>
        <option value="reviewer">reviewer</option>
        <option value="admin">admin</option>
      </select>
    </label>
  );
}
