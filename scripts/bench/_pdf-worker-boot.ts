/**
 * npx tsx scripts/bench/_pdf-worker-boot.ts [runs]
 * Times the PDF worker: a small 3-page PDF read on the thread, `runs` times in one process (the first is the
 * cold start, the rest warm), printed as JSON lines.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractPdfReportIsolated } from '@/lib/ingest/report/pdf-isolated';

async function smallPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < 3; p++) {
    const page = doc.addPage([612, 792]);
    page.drawText('Statement of profit and loss', { x: 72, y: 740, size: 14, font });
    page.drawText(`Revenue from operations    ${1000 + p}    ${900 + p}`, { x: 72, y: 700, size: 10, font });
  }
  return doc.save();
}

const runs = Number(process.argv[2] ?? 4);
const bytes = await smallPdf();
const times: number[] = [];
for (let i = 0; i < runs; i++) {
  const t = performance.now();
  const doc = await extractPdfReportIsolated(bytes, 'ok.pdf');
  times.push(Math.round(performance.now() - t));
  if (doc.pages !== 3) throw new Error('wrong page count');
}
console.log(JSON.stringify({ coldMs: times[0], warmMs: times.slice(1) }));
process.exit(0);
