/**
 * Planning of new companies on worker threads (PostgreSQL bulk loads). A company's plan — parse the
 * JSON, compute every row and its content ids, encode the rows as COPY text — is ~14 µs of CPU per
 * fact; on the main thread it blocks the event loop for a whole company at a time, while the COPY of
 * the other job's batch stalls once the socket's buffer is drained (measured, 2,000 companies: Node
 * ~60 % busy and the backends ~35 % during the load on 2 cores — neither saturated). On a thread of
 * its own it runs beside the backends' COPY.
 *
 * The worker computes exactly what planEntry computes on the main thread (the same function, the
 * same inputs): the side files are looked up on the main thread for the entry's CIK and handed in;
 * anything the worker cannot do (another CIK inside the file, a thread that did not start, an error)
 * is answered with INLINE and the main thread plans the entry itself. Plans come back with their COPY
 * text in one transferred buffer per table (no copy on the main thread).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, type Worker } from 'node:worker_threads';
import { sha256Hex } from '@/lib/ids';
import { parseCompanyFacts, type CompanyFacts } from '../companyfacts';
import type { SideFiles, SubmissionsInfo } from '../types';
import { encodeForCopy } from './batch-writer';
import { planNewCompany, type CompanyPlan } from './company-plan';
import { startTsWorker } from '../ts-worker';

/**
 * The batch plan of an entry: null when it is not well-formed companyfacts (the per-file path then
 * records the precise failure) or its facts cannot be written set-wise (company-plan.ts).
 */
export function planEntry(
  bytes: Buffer,
  entryName: string,
  o: { tenantId: string; actor: string; sideFiles: SideFiles },
): CompanyPlan | null {
  const startedAt = performance.now();
  const fileName = path.basename(entryName);
  let cf: CompanyFacts;
  try {
    const text = bytes.toString('utf8');
    cf = parseCompanyFacts(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, fileName);
  } catch {
    return null;
  }
  return planNewCompany(cf, { ...o, fileName, sha256: sha256Hex(bytes), byteSize: bytes.byteLength, startedAt });
}

/** The answer that sends an entry back to the main thread's planEntry. */
export const INLINE = Symbol('inline');

interface PlanRequest {
  id: number;
  bytes: Uint8Array;
  entryName: string;
  tenantId: string;
  actor: string;
  /** the CIK the side files were looked up for, and what they gave */
  cik: string;
  submissions: SubmissionsInfo | null;
}

type PlanReply =
  | { id: number; inline: true }
  | { id: number; inline: false; plan: CompanyPlan | null; facts: Uint8Array | null; sightings: Uint8Array | null };

/** Bytes of each view of a transferred COPY text (one socket write each, as the arena's views). */
const VIEW = 1 << 20;

function views(u: Uint8Array): Buffer[] {
  const b = Buffer.from(u.buffer, u.byteOffset, u.byteLength);
  const out: Buffer[] = [];
  for (let i = 0; i < b.length; i += VIEW) out.push(b.subarray(i, Math.min(b.length, i + VIEW)));
  return out;
}

/** One Uint8Array of its own (not a slice of Node's shared pool, so it can be transferred). */
function joined(parts: Buffer[]): Uint8Array {
  const total = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(new ArrayBuffer(total));
  let pos = 0;
  for (const p of parts) {
    out.set(p, pos);
    pos += p.length;
  }
  return out;
}

class OtherCik extends Error {}

/** The worker's side: answers plan requests until the port closes. */
export function servePlans(): void {
  const port = parentPort;
  if (!port) throw new Error('servePlans: not on a worker thread');
  port.on('message', (req: PlanRequest) => {
    let reply: PlanReply;
    const transfer: ArrayBuffer[] = [];
    try {
      const sideFiles: SideFiles = {
        submissions(cik) {
          if (cik !== req.cik) throw new OtherCik(cik);
          return req.submissions;
        },
      };
      const bytes = Buffer.from(req.bytes.buffer, req.bytes.byteOffset, req.bytes.byteLength);
      const plan = planEntry(bytes, req.entryName, { tenantId: req.tenantId, actor: req.actor, sideFiles });
      if (!plan) reply = { id: req.id, inline: false, plan: null, facts: null, sightings: null };
      else {
        encodeForCopy(plan);
        const facts = joined(plan.encoded!.facts);
        const sightings = joined(plan.encoded!.sightings);
        plan.encoded!.facts = [];
        plan.encoded!.sightings = [];
        transfer.push(facts.buffer as ArrayBuffer, sightings.buffer as ArrayBuffer);
        reply = { id: req.id, inline: false, plan, facts, sightings };
      }
    } catch {
      reply = { id: req.id, inline: true };
      transfer.length = 0;
    }
    port.postMessage(reply, transfer);
  });
}

/** Plans entries on `threads` worker threads; INLINE for whatever they cannot plan. */
export class PlanPool {
  private readonly workers: { w: Worker; pending: number }[] = [];
  private readonly waiting = new Map<number, (r: CompanyPlan | null | typeof INLINE) => void>();
  private nextId = 1;
  private dead = false;

  private constructor() {}

  /** A pool of `threads` workers, or null when none can be started. */
  static start(threads: number, log?: (line: string) => void): PlanPool | null {
    if (threads < 1) return null;
    const pool = new PlanPool();
    const module = fileURLToPath(new URL('./plan-worker.ts', import.meta.url));
    for (let i = 0; i < threads; i++) {
      let w: Worker;
      try {
        w = startTsWorker(module);
      } catch {
        void pool.stop();
        return null;
      }
      const slot = { w, pending: 0 };
      w.on('message', (r: PlanReply) => pool.answer(slot, r));
      w.on('error', (e) => {
        log?.(`planning thread failed (${e.message.slice(0, 160)}); planning on the main thread`);
        void pool.stop();
      });
      pool.workers.push(slot);
    }
    return pool;
  }

  private answer(slot: { pending: number }, r: PlanReply): void {
    const resolve = this.waiting.get(r.id);
    if (!resolve) return;
    this.waiting.delete(r.id);
    slot.pending--;
    if (r.inline || !r.plan) {
      resolve(r.inline ? INLINE : null);
      return;
    }
    r.plan.encoded!.facts = views(r.facts!);
    r.plan.encoded!.sightings = views(r.sightings!);
    resolve(r.plan);
  }

  /** every request not answered goes inline, and so does every later one; the threads are stopped */
  private stop(): Promise<unknown> {
    this.dead = true;
    for (const resolve of this.waiting.values()) resolve(INLINE);
    this.waiting.clear();
    return Promise.all(this.workers.map((s) => s.w.terminate()));
  }

  /** The plan of an entry (planEntry's), null, or INLINE. */
  plan(
    bytes: Buffer,
    entryName: string,
    o: { tenantId: string; actor: string; cik: string; submissions: SubmissionsInfo | null },
  ): Promise<CompanyPlan | null | typeof INLINE> {
    if (this.dead || !this.workers.length) return Promise.resolve(INLINE);
    const slot = this.workers.reduce((a, b) => (b.pending < a.pending ? b : a));
    const id = this.nextId++;
    slot.pending++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      const req: PlanRequest = { id, bytes, entryName, ...o };
      slot.w.postMessage(req);
    });
  }

  async close(): Promise<void> {
    await this.stop();
  }
}
