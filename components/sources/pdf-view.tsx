'use client';

import { useEffect, useRef, useState } from 'react';

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * A PDF page drawn with pdf.js (canvas), the cited number boxed where its text sits on the page.
 * Pages can be stepped through; the document comes from the visibility-checked document route.
 */
export function PdfView({ src, initialPage, highlight }: { src: string; initialPage: number; highlight: string | null }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const wrap = useRef<HTMLDivElement>(null);
  const [doc, setDoc] = useState<{ numPages: number; getPage: (n: number) => Promise<unknown> } | null>(null);
  const [page, setPage] = useState(Math.max(1, initialPage));
  const [boxes, setBoxes] = useState<Box[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
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
    (async () => {
      type Page = {
        getViewport: (o: { scale: number }) => { width: number; height: number; transform: number[] };
        render: (o: unknown) => { cancel: () => void; promise: Promise<void> };
        getTextContent: () => Promise<{ items: { str?: string; transform?: number[]; width?: number }[] }>;
      };
      const p = (await doc.getPage(page)) as Page;
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
      const want = highlight?.replace(/\s+/g, '') ?? '';
      const found: Box[] = [];
      if (want) {
        const text = await p.getTextContent();
        for (const it of text.items) {
          if (!it.str || !it.transform || it.str.replace(/\s+/g, '') !== want) continue;
          const [a, b, cc, d, e, f] = it.transform as [number, number, number, number, number, number];
          const [va, vb, vc, vd, ve, vf] = vp.transform as [number, number, number, number, number, number];
          const x = va * e + vc * f + ve;
          const y = vb * e + vd * f + vf;
          const h = Math.hypot(cc, d) * scale || Math.hypot(a, b) * scale;
          found.push({ left: x - 2, top: y - h - 1, width: (it.width ?? 0) * scale + 4, height: h + 4 });
        }
      }
      setBoxes(found);
    })().catch((e: Error) => live && e?.name !== 'RenderingCancelledException' && setError(e.message));
    return () => {
      live = false;
      task?.cancel();
    };
  }, [doc, page, highlight]);

  useEffect(() => {
    if (boxes.length) wrap.current?.querySelector('[data-ll-cited]')?.scrollIntoView({ block: 'center' });
  }, [boxes]);

  return (
    <div className="space-y-2" data-testid="pdf-view">
      <div className="flex items-center gap-2 text-sm">
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
      </div>
      {error && <p className="text-sm text-bad">The PDF could not be drawn: {error}</p>}
      <div ref={wrap} className="relative w-full overflow-auto rounded-lg border border-line bg-white">
        <canvas ref={canvas} aria-label={`Page ${page} of the document`} role="img" />
        {boxes.map((b, i) => (
          <div
            key={i}
            data-ll-cited="true"
            className="pointer-events-none absolute rounded-sm bg-amber-300/40 outline outline-2 outline-amber-500"
            style={b}
          />
        ))}
      </div>
    </div>
  );
}
