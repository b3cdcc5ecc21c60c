import type { ReactNode } from 'react';

/** A titled panel of an admin page. */
export function Section({ title, id, children, actions }: { title: string; id: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="rounded-lg border border-line bg-white" aria-labelledby={id}>
      <div className="flex items-center justify-between border-b border-line px-4 py-2">
        <h2 id={id} className="font-medium">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
