'use client';

import { useEffect, useRef, useState } from 'react';
import { type CellTarget, locateCell, type PageItem } from './pdf-locate';

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

type Phase = 'loading' | 'drawing' | 'ready';

type PdfPage = {
  getViewport: (o: { scale: number }) => {
    width: number;
    height: number;
    convertToViewportRectangle: (r: number[]) => number[];
  };
  render: (o: unknown) => { cancel: () => void; promise: Promise<void> };
  getTextContent: () => Promise<{ items: { str?: string; transform?: number[]; width?: number; height?: number }[] }>;
};

/** The page's text items in PDF user space (rotated text, margins and watermarks, left out). */
function pageItems(items: Awaited<ReturnType<PdfPage['getTextContent']>>['items']): PageItem[] {
  const out: PageItem[] = [];
  for (const it of items) {
    if (!it.str || !it.transform) continue;
    const [a, b, c, d, e, f] = it.transform as [number, number, number, number, number, number];
    if (Math.abs(b) > Math.abs(a)) continue;
    out.push({ str: it.str, x: e, y: f, width: it.width ?? 0, height: Math.hypot(c, d) || Math.hypot(a, b) || 10 });
  }
  return out;
}

/**
 * A PDF page drawn with pdf.js (canvas), the cited cell boxed where its text sits on the page and
 * scrolled into view — or a note that it could not be located there. Each step says what it is doing
 * (loading the document, drawing the page). Pages can be stepped through; the document comes from the
 * visibility-checked document route.
 */
export function PdfView({ src, initialPage, target }: { src: string; initialPage: number; target: CellTarget | null }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const wrap = useRef<HTMLDivElement>(null);
  const citedPage = Math.max(1, initialPage);
  const [doc, setDoc] = useState<{ numPages: number; getPage: (n: number) => Promise<unknown> } | null>(null);
  const [page, setPage] = useState(citedPage);
  const [phase, setPhase] = useState<Phase>('loading');
  const [box, setBox] = useState<Box | null>(null);
  const [located, setLocated] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setPhase('loading');
    (async () => {
      const pdfjs = await import('pdfjs-dist');
      pdfjs.GlobalWorkerOptions.workerSrc = '/api/pdf-worker';
      const loaded = await pdfjs.getDocument({ url: src, isEvalSupported: false }).promise;
      if (live) setDoc(loaded as never);
    })().catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [src]);

  useEffect(() => {
    if (!doc || !canvas.current || !wrap.current) return;
    let live = true;
    let task: { cancel: () => void; promise: Promise<void> } | null = null;
    setPhase('drawing');
    setBox(null);
    (async () => {
      const p = (await doc.getPage(page)) as PdfPage;
      const base = p.getViewport({ scale: 1 });
      const scale = Math.min(2, (wrap.current!.clientWidth - 2) / base.width);
      const vp = p.getViewport({ scale });
      const ratio = window.devicePixelRatio || 1;
      const c = canvas.current!;
      c.width = Math.floor(vp.width * ratio);
      c.height = Math.floor(vp.height * ratio);
      c.style.width = `${Math.floor(vp.width)}px`;
      c.style.height = `${Math.floor(vp.height)}px`;
      task = p.render({
        canvas: c,
        canvasContext: c.getContext('2d')!,
        viewport: vp,
        transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined,
      });
      await task.promise;
      if (!live) return;
      // the cited cell is looked for on its own page only
      if (target && page === citedPage) {
        const found = locateCell(pageItems((await p.getTextContent()).items), target);
        if (!live) return;
        if (found) {
          const [x1, y1, x2, y2] = vp.convertToViewportRectangle([
            found.x0,
            found.y - found.height * 0.25,
            found.x1,
            found.y + found.height,
          ]) as [number, number, number, number];
          setBox({ left: Math.min(x1, x2) - 3, top: Math.min(y1, y2) - 2, width: Math.abs(x2 - x1) + 6, height: Math.abs(y2 - y1) + 4 });
        }
        setLocated(!!found);
      }
      setPhase('ready');
    })().catch((e: Error) => live && e?.name !== 'RenderingCancelledException' && setError(e.message));
    return () => {
      live = false;
      task?.cancel();
    };
  }, [doc, page, target, citedPage]);

  useEffect(() => {
    if (box) wrap.current?.querySelector('[data-ll-cited]')?.scrollIntoView({ block: 'center', inline: 'center' });
  }, [box]);

  const status = error
    ? null
    : phase === 'loading'
      ? 'Loading the PDF…'
      : phase === 'drawing'
        ? `Drawing page ${page}…`
        : target && page === citedPage && located === false
          ? `The cited number “${target.text}” could not be located on page ${citedPage}: the page is shown as filed; look for row “${target.rowLabel ?? '—'}”.`
          : null;
  return (
    <div
      className="space-y-2"
      data-testid="pdf-view"
      data-phase={error ? 'error' : phase}
      data-located={located === null ? undefined : String(located)}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <button
          type="button"
          className="rounded border border-line px-2 py-0.5 disabled:opacity-40"
          disabled={page <= 1}
          onClick={() => setPage((n) => n - 1)}
        >
          Previous page
        </button>
        <span>
          Page {page}
          {doc ? ` of ${doc.numPages}` : ''}
        </span>
        <button
          type="button"
          className="rounded border border-line px-2 py-0.5 disabled:opacity-40"
          disabled={!doc || page >= doc.numPages}
          onClick={() => setPage((n) => n + 1)}
        >
          Next page
        </button>
        {page !== citedPage && (
          <button type="button" className="text-accent underline" onClick={() => setPage(citedPage)}>
            Back to the cited page ({citedPage})
          </button>
        )}
      </div>
      {status && (
        <p
          role="status"
          className={`text-sm ${located === false && phase === 'ready' ? 'text-warn' : 'text-muted'}`}
          data-testid="pdf-status"
        >
          {phase !== 'ready' && <span className="mr-2 inline-block size-2 animate-pulse rounded-full bg-accent" aria-hidden />}
          {status}
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-bad">
          The PDF could not be drawn: {error}
        </p>
      )}
      <div ref={wrap} className="relative w-full overflow-auto rounded-lg border border-line bg-white">
        <canvas ref={canvas} aria-label={`Page ${page} of the document`} role="img" />
        {box && page === citedPage && (
          <div
            data-ll-cited="true"
            data-testid="pdf-cited-box"
            className="pointer-events-none absolute rounded-sm bg-amber-300/40 outline outline-2 outline-amber-500"
            style={box}
          />
        )}
      </div>
    </div>
  );
}
