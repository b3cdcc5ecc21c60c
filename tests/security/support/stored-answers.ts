/** Support for the stored-answers matrix: the answer kinds asked, and the bytes of what a route or page serves. */
import type { ReactNode } from 'react';
import yauzl from 'yauzl';
import type { Answer } from '@/lib/answer/types';

/** One kind of answer: the question that produces it on the demo data, and how to tell it did. */
export interface AnswerKind {
  kind: string;
  question: string;
  check: (a: Answer) => boolean;
}

export const answerKinds: AnswerKind[] = [
  {
    kind: 'reported value with its version note',
    question: 'What was Helios Components’ revenue in FY2026?',
    check: (a) => a.status === 'answered' && a.values.length === 1 && !!a.values[0]!.version,
  },
  {
    kind: 'derived ratio with its operands',
    question: 'What was Helios Components’ operating margin in FY2026?',
    check: (a) => a.status === 'answered' && (a.values[0]?.inputs.length ?? 0) >= 2,
  },
  {
    kind: 'change between two years',
    question: 'How did Helios operating margin change from FY2025 to FY2026?',
    check: (a) => a.status === 'answered' && a.values.length >= 1,
  },
  {
    kind: 'comparison table',
    question: 'Compare Helios and Northwind revenue FY2024 and FY2025',
    check: (a) => a.pathway === 'comparison' && !!a.table && a.values.length >= 4,
  },
  {
    kind: 'series with a trend sentence (chart data)',
    question: 'What was Helios revenue from FY2022 to FY2026?',
    check: (a) => !!a.table && /rose in every year/.test(a.text),
  },
  {
    kind: 'figure as originally reported',
    question: 'What was Northwind revenue in FY2025 as originally reported?',
    check: (a) => a.values[0]?.version?.basis === 'original',
  },
  {
    kind: 'refusal citing facts',
    question: 'What was Helios Components’ operating margin in FY2026 using FY2025 operating profit?',
    check: (a) => a.status === 'rejected' && a.errors.some((e) => e.factIds.length > 0),
  },
  {
    kind: 'narrative quotes',
    question: 'What did Northwind say about consumer demand in its FY2025 10-K?',
    check: (a) => a.passages.length > 0 && !!a.narrative,
  },
  {
    kind: 'narrative comparison',
    question: 'Compare what Northwind and Quillon say about liquidity in FY2025',
    check: (a) => a.passages.length > 0 && !!a.narrative?.table,
  },
];

type Segment = Answer['segments'][number];

/** Sentences of an answer's segments (text cut after `.`, `!`, `?` and white space). */
export function sentencesOf(segments: Segment[]): Segment[][] {
  const out: Segment[][] = [];
  let cur: Segment[] = [];
  for (const s of segments) {
    if (s.type !== 'text') {
      cur.push(s);
      continue;
    }
    for (const piece of s.text.split(/(?<=[.!?]\s+)/)) {
      cur.push({ type: 'text', text: piece });
      if (/[.!?]\s+$/.test(piece)) {
        out.push(cur);
        cur = [];
      }
    }
  }
  if (cur.length) out.push(cur);
  return out;
}

/** What a route or page served: its status and every byte of its body as text. */
export interface Served {
  route: string;
  status: number;
  text: string;
}

/**
 * A page's output as the browser would receive its data: the React tree the page returns, with every
 * element's props (the props of client components are what the RSC payload carries). A page that is not
 * found (`notFound()`) serves nothing of the answer.
 */
export async function bytesOfPage(route: string, render: () => Promise<ReactNode> | ReactNode): Promise<Served> {
  let tree: ReactNode;
  try {
    tree = await render();
  } catch (e) {
    const digest = String((e as { digest?: string })?.digest ?? '');
    if (digest.startsWith('NEXT_HTTP_ERROR_FALLBACK;404') || digest === 'NEXT_NOT_FOUND') return { route, status: 404, text: '' };
    return { route, status: 500, text: String((e as Error)?.stack ?? e) };
  }
  const seen = new WeakSet<object>();
  const text = JSON.stringify(tree, (_k, v: unknown) => {
    if (typeof v === 'function' || typeof v === 'symbol') return undefined;
    if (v && typeof v === 'object') {
      if (seen.has(v)) return undefined;
      seen.add(v);
      const el = v as { $$typeof?: unknown; type?: unknown; props?: unknown };
      if (el.$$typeof)
        return { type: typeof el.type === 'string' ? el.type : ((el.type as { name?: string })?.name ?? 'component'), props: el.props };
    }
    return v;
  });
  return { route, status: 200, text: text ?? '' };
}

/** Every entry of an XLSX response (a zip), inflated and concatenated: what Excel would read. */
export async function xlsxText(res: Response): Promise<string> {
  const buf = Buffer.from(await res.arrayBuffer());
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const parts: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            parts.push(Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(parts.join('\n')));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
