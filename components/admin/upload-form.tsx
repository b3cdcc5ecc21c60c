'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';

interface UploadOutcome {
  status?: 'ok' | 'unchanged' | 'failed';
  fileName?: string;
  format?: string | null;
  sourceId?: string | null;
  factsAdded?: number;
  quarantined?: number;
  tablesAdded?: number;
  chunksAdded?: number;
  revoked?: boolean;
  error?: { code?: string; message?: string } | null;
}

/** One file of a batch: waiting → uploading (bytes sent, %) → ingesting (the server parses and stores it) → its result. */
interface FileState {
  key: string;
  name: string;
  size: number;
  phase: 'waiting' | 'uploading' | 'ingesting' | 'done' | 'failed';
  percent: number;
  text: string;
  sourceId: string | null;
}

const mb = (n: number) => (n >= 1048576 ? `${(n / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

function resultText(body: UploadOutcome, name: string): { ok: boolean; text: string } {
  if (body.status === 'unchanged')
    return {
      ok: !body.revoked,
      text: body.revoked ? `${name}: these exact bytes were revoked earlier and stay revoked.` : `${name}: already stored (same bytes).`,
    };
  const parts = [`${body.factsAdded ?? 0} facts`];
  if (body.quarantined) parts.push(`${body.quarantined} quarantined`);
  if (body.tablesAdded) parts.push(`${body.tablesAdded} tables`);
  if (body.chunksAdded) parts.push(`${body.chunksAdded} passages`);
  return { ok: true, text: `${name}: ingested as ${body.format}, ${parts.join(', ')}.` };
}

/** POST one file; reports upload progress, then the moment the bytes are all sent (the server is ingesting). */
function post(file: File, on: { progress: (pct: number) => void; sent: () => void }): Promise<{ status: number; body: UploadOutcome }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/admin/sources/upload');
    xhr.setRequestHeader('x-file-name', encodeURIComponent(file.name));
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.upload.onprogress = (e) => e.lengthComputable && on.progress(Math.round((e.loaded / e.total) * 100));
    xhr.upload.onload = () => on.sent();
    xhr.onerror = () => resolve({ status: 0, body: { error: { message: 'The upload failed (network).' } } });
    xhr.onload = () => {
      let body: UploadOutcome = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      resolve({ status: xhr.status, body });
    };
    xhr.send(file);
  });
}

/**
 * Upload one or more files to /admin/sources/upload, one after another. Each file shows its own
 * upload progress, then that it is being ingested, then its result (facts, quarantined, tables,
 * passages; a link to the stored source) or why it was refused. Size and type are checked before
 * anything is sent.
 */
export function UploadForm({ maxBytes, extensions }: { maxBytes: number; extensions: string[] }) {
  const router = useRouter();
  const [files, setFiles] = useState<FileState[]>([]);
  const busy = files.some((f) => f.phase === 'waiting' || f.phase === 'uploading' || f.phase === 'ingesting');

  const refusal = (file: File): string | null => {
    const ext = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.')).toLowerCase() : '';
    if (!extensions.includes(ext))
      return `${file.name}: files of type ${ext || '(none)'} cannot be uploaded (allowed: ${extensions.join(', ')}).`;
    if (file.size > maxBytes) return `${file.name}: the file is ${mb(file.size)}; the limit is ${maxBytes / 1048576} MB.`;
    if (file.size === 0) return `${file.name}: the file is empty.`;
    return null;
  };

  async function sendAll(list: File[]) {
    const batch: FileState[] = list.map((f, i) => {
      const refused = refusal(f);
      return {
        key: `${Date.now()}-${i}`,
        name: f.name,
        size: f.size,
        phase: refused ? 'failed' : 'waiting',
        percent: 0,
        text: refused ?? '',
        sourceId: null,
      };
    });
    setFiles(batch);
    const update = (key: string, patch: Partial<FileState>) => setFiles((all) => all.map((f) => (f.key === key ? { ...f, ...patch } : f)));
    let stored = false;
    for (let i = 0; i < list.length; i++) {
      const item = batch[i]!;
      if (item.phase === 'failed') continue;
      update(item.key, { phase: 'uploading' });
      const { status, body } = await post(list[i]!, {
        progress: (percent) => update(item.key, { percent }),
        sent: () => update(item.key, { phase: 'ingesting', percent: 100 }),
      });
      if (status === 200 && body.status) {
        const r = resultText(body, body.fileName ?? item.name);
        update(item.key, { phase: r.ok ? 'done' : 'failed', text: r.text, sourceId: body.sourceId ?? null });
        stored = true;
      } else {
        update(item.key, { phase: 'failed', text: `${item.name}: ${body.error?.message ?? `the upload failed (HTTP ${status}).`}` });
      }
    }
    if (stored) router.refresh();
  }

  return (
    <form
      className="space-y-3"
      aria-label="Upload sources"
      onSubmit={(e) => {
        e.preventDefault();
        const input = e.currentTarget.elements.namedItem('file') as HTMLInputElement;
        const list = [...(input.files ?? [])];
        if (list.length) void sendAll(list);
      }}
    >
      <div className="flex flex-wrap items-center gap-3">
        <input
          name="file"
          type="file"
          multiple
          required
          accept={extensions.join(',')}
          className="min-w-0 max-w-full text-sm file:mr-3 file:rounded file:border file:border-line file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-ink hover:file:bg-slate-50"
          aria-label="Source file"
        />
        <button type="submit" disabled={busy} className="rounded bg-accent px-3 py-1.5 text-sm font-medium text-white disabled:opacity-60">
          Upload
        </button>
      </div>
      {files.length > 0 && (
        <ul className="divide-y divide-line rounded border border-line text-sm" aria-label="Uploads">
          {files.map((f) => (
            <li
              key={f.key}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2"
              data-testid="upload-file"
              data-phase={f.phase}
            >
              <span className="min-w-0 break-all font-medium">{f.name}</span>
              <span className="text-xs text-muted">{mb(f.size)}</span>
              {f.phase === 'waiting' && <span className="text-xs text-muted">waiting</span>}
              {f.phase === 'uploading' && (
                <label className="flex items-center gap-2 text-xs text-muted">
                  <progress max={100} value={f.percent} className="w-32" aria-label={`Uploading ${f.name}`} /> uploading {f.percent}%
                </label>
              )}
              {f.phase === 'ingesting' && (
                <label className="flex items-center gap-2 text-xs text-muted">
                  <progress className="w-32" aria-label={`Ingesting ${f.name}`} /> ingesting: reading tables, facts and passages…
                </label>
              )}
              {(f.phase === 'done' || f.phase === 'failed') && (
                <p
                  role={f.phase === 'done' ? 'status' : 'alert'}
                  className={`basis-full ${f.phase === 'done' ? 'text-accent' : 'text-bad'}`}
                  data-testid="upload-result"
                >
                  {f.text}{' '}
                  {f.sourceId ? (
                    <Link href={`/admin/sources/${f.sourceId}`} className="underline">
                      Open source
                    </Link>
                  ) : null}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
