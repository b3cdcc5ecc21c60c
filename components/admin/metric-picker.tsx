'use client';

import { useEffect, useState } from 'react';
import { METRICS } from '@/lib/ontology/metrics';

/**
 * The metric a quarantined fact is bound to. The ontology has ~200 metrics and the queue shows 25 facts
 * a page: sending every option 25 times (in the HTML and again in the page payload) made the first page
 * ~335 KB and most of its render time. The server sends the select with its current choice only; the
 * browser fills in the full list once the page is interactive (the form needs JavaScript to submit anyway).
 */
export function MetricPicker({ name, defaultValue, className }: { name: string; defaultValue: string | null; className?: string }) {
  const [all, setAll] = useState(false);
  useEffect(() => setAll(true), []);
  const current = defaultValue ? METRICS.find((m) => m.id === defaultValue) : undefined;
  return (
    <select name={name} required defaultValue={current?.id ?? ''} className={className}>
      <option value="" disabled>
        choose…
      </option>
      {all
        ? METRICS.map((m) => (
            <option key={m.id} value={m.id}>
              {m.label}
            </option>
          ))
        : current && <option value={current.id}>{current.label}</option>}
    </select>
  );
}
