import type { ReactNode } from 'react';

/** A titled panel of an admin page. */
export function Section({ title, id, children, actions }: { title: string; id: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="min-w-0 rounded-lg border border-line bg-white" aria-labelledby={id}>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-4 py-2">
        {/* long names (an XBRL concept is one word of 80 letters) wrap anywhere instead of widening the page */}
        <h2 id={id} className="min-w-0 font-medium [overflow-wrap:anywhere]">
          {title}
        </h2>
        {actions}
      </div>
      {/* wide tables scroll inside the panel, never the page */}
      <div className="overflow-x-auto">{children}</div>
    </section>
  );
}
