'use client';

import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react';
import { useEffect, useRef, useState } from 'react';

export interface ContextInfo {
  id: string;
  period: string;
  dimensions: { axis: string; member: string }[];
}

interface Inspected {
  el: HTMLElement;
  concept: string;
  context: string;
  unit: string | null;
  scale: string | null;
  decimals: string | null;
  text: string;
}

/**
 * The filing's sanitized HTML (rendered by the server into `children`'s container) with the cited
 * cell or passage highlighted and scrolled into view, and every inline-XBRL fact inspectable: click a
 * tagged number to see its concept, context, period and dimensions.
 */
export function FilingView({
  html,
  cellId,
  chunkId,
  contexts,
}: {
  html: string;
  cellId: string | null;
  chunkId: string | null;
  contexts: ContextInfo[];
}) {
  const box = useRef<HTMLDivElement>(null);
  const [inspected, setInspected] = useState<Inspected | null>(null);
  const [found, setFound] = useState<boolean | null>(null);
  const ctx = new Map(contexts.map((c) => [c.id, c]));
  const { refs, floatingStyles } = useFloating({
    open: !!inspected,
    placement: 'bottom-start',
    whileElementsMounted: autoUpdate,
    middleware: [offset(4), flip({ padding: 8 }), shift({ padding: 8 })],
  });

  useEffect(() => {
    const root = box.current;
    if (!root) return;
    let target: HTMLElement | null = null;
    if (cellId) {
      target = root.querySelector<HTMLElement>(`[data-ll-cell="${CSS.escape(cellId)}"]`);
      target?.setAttribute('data-ll-cited', 'true');
    } else if (chunkId) {
      const start = root.querySelector<HTMLElement>(`[data-ll-mark="s-${CSS.escape(chunkId)}"]`);
      const end = root.querySelector<HTMLElement>(`[data-ll-mark="e-${CSS.escape(chunkId)}"]`);
      if (start && end) {
        const range = document.createRange();
        range.setStartAfter(start);
        range.setEndBefore(end);
        if (typeof Highlight !== 'undefined' && CSS.highlights) CSS.highlights.set('ll-cited', new Highlight(range));
        start.setAttribute('data-ll-cited', 'true');
        target = start;
      }
    }
    setFound(cellId || chunkId ? !!target : null);
    if (target) {
      const el = target;
      // scroll the filing's own box (not the page) so the cited position sits in its middle
      requestAnimationFrame(() => {
        const r = el.getBoundingClientRect();
        const b = root.getBoundingClientRect();
        root.scrollTop += r.top - b.top - root.clientHeight / 2 + r.height / 2;
        if (r.right > b.right || r.left < b.left) root.scrollLeft += r.left - b.left - root.clientWidth / 2 + r.width / 2;
      });
    }
    return () => {
      if (typeof CSS !== 'undefined' && CSS.highlights) CSS.highlights.delete('ll-cited');
    };
  }, [cellId, chunkId]);

  useEffect(() => {
    const root = box.current;
    if (!root) return;
    const onClick = (e: MouseEvent) => {
      const el = (e.target as HTMLElement).closest<HTMLElement>('[data-ix-name]');
      if (!el || !root.contains(el)) {
        setInspected(null);
        return;
      }
      refs.setReference(el);
      setInspected({
        el,
        concept: el.dataset.ixName ?? '',
        context: el.dataset.ixContext ?? '',
        unit: el.dataset.ixUnit ?? null,
        scale: el.dataset.ixScale ?? null,
        decimals: el.dataset.ixDecimals ?? null,
        text: el.textContent ?? '',
      });
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setInspected(null);
    root.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      root.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [refs]);

  const c = inspected ? ctx.get(inspected.context) : undefined;
  return (
    <div className="space-y-2">
      {found === false && (
        <p role="status" className="rounded bg-amber-50 px-3 py-2 text-sm text-amber-900">
          The cited position could not be located in this rendering of the document; the details above identify it.
        </p>
      )}
      <div
        ref={box}
        className="filing max-h-[75vh] overflow-auto rounded-lg border border-line bg-white p-4 text-[13px] leading-snug sm:p-6"
        data-testid="filing"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server (lib/workspace/source-view.ts: allow-listed tags, attributes and styles)
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {inspected && (
        <div
          ref={refs.setFloating}
          style={floatingStyles}
          role="dialog"
          aria-label="Tagged XBRL fact"
          className="z-50 w-80 max-w-[calc(100vw-16px)] rounded-lg border border-line bg-white p-3 text-xs shadow-xl"
          data-testid="xbrl-fact"
        >
          <div className="font-semibold tabular">{inspected.text}</div>
          <dl className="mt-1 grid grid-cols-[5.5rem_1fr] gap-x-2 gap-y-0.5">
            <dt className="text-muted">Concept</dt>
            <dd className="break-all font-mono">{inspected.concept}</dd>
            <dt className="text-muted">Context</dt>
            <dd className="break-all font-mono">{inspected.context}</dd>
            <dt className="text-muted">Period</dt>
            <dd>{c?.period ?? 'not declared in this document'}</dd>
            <dt className="text-muted">Dimensions</dt>
            <dd>{c?.dimensions.length ? c.dimensions.map((d) => `${d.axis} = ${d.member}`).join('; ') : 'none (total)'}</dd>
            {inspected.unit && (
              <>
                <dt className="text-muted">Unit</dt>
                <dd className="font-mono">{inspected.unit}</dd>
              </>
            )}
            {inspected.scale && (
              <>
                <dt className="text-muted">Scale</dt>
                <dd>10^{inspected.scale}</dd>
              </>
            )}
            {inspected.decimals && (
              <>
                <dt className="text-muted">Decimals</dt>
                <dd>{inspected.decimals}</dd>
              </>
            )}
          </dl>
        </div>
      )}
    </div>
  );
}
