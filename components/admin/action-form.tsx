'use client';

import { useActionState, type ReactNode } from 'react';

export type FormActionResult = { ok: true; data: { message?: string } } | { ok: false; error: string } | null;

/** A form bound to a server action returning `{ ok, data | error }`; shows the outcome inline. */
export function ActionForm({
  action,
  children,
  submit,
  className,
  submitClassName,
  testId,
}: {
  action: (prev: unknown, form: FormData) => Promise<FormActionResult>;
  children: ReactNode;
  submit: string;
  className?: string;
  submitClassName?: string;
  testId?: string;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction} className={className ?? 'flex flex-wrap items-end gap-2'} data-testid={testId}>
      {children}
      <button
        type="submit"
        disabled={pending}
        className={submitClassName ?? 'rounded bg-accent px-3 py-1.5 text-sm font-medium text-white disabled:opacity-60'}
      >
        {pending ? '…' : submit}
      </button>
      {state &&
        (state.ok ? (
          <p role="status" className="basis-full text-sm text-accent">
            {state.data.message ?? 'Saved.'}
          </p>
        ) : (
          <p role="alert" className="basis-full text-sm text-bad">
            {state.error}
          </p>
        ))}
    </form>
  );
}
