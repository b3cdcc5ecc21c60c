'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';

interface UploadOutcome {
  status?: 'ok' | 'unchanged' | 'failed';
  fileName?: string;
  format?: string | null;
  factsAdded?: number;
  quarantined?: number;
  revoked?: boolean;
  error?: { code: string; message: string } | null;
}

/** Upload one file to /admin/sources/upload with a progress bar; checks size and type before sending. */
export function UploadForm({ maxBytes, extensions }: { maxBytes: number; extensions: string[] }) {
  const router = useRouter();
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  function send(file: File) {
    const ext = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.')).toLowerCase() : '';
    if (!extensions.includes(ext)) return setMessage({ ok: false, text: `Files of type ${ext || '(none)'} cannot be uploaded (allowed: ${extensions.join(', ')}).` });
    if (file.size > maxBytes) return setMessage({ ok: false, text: `The file is ${(file.size / 1048576).toFixed(1)} MB; the limit is ${maxBytes / 1048576} MB.` });
    if (file.size === 0) return setMessage({ ok: false, text: 'The file is empty.' });
    setMessage(null);
    setProgress(0);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/admin/sources/upload');
    xhr.setRequestHeader('x-file-name', encodeURIComponent(file.name));
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.upload.onprogress = (e) => e.lengthComputable && setProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onerror = () => {
      setProgress(null);
      setMessage({ ok: false, text: 'The upload failed (network).' });
    };
    xhr.onload = () => {
      setProgress(null);
      let body: UploadOutcome & { error?: { message?: string } } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status === 200 && body.status) {
        const text =
          body.status === 'unchanged'
            ? body.revoked
              ? `${body.fileName}: these exact bytes were revoked earlier and stay revoked.`
              : `${body.fileName}: already stored (same bytes).`
            : `${body.fileName}: ingested as ${body.format}, ${body.factsAdded ?? 0} facts${body.quarantined ? `, ${body.quarantined} quarantined` : ''}.`;
        setMessage({ ok: !body.revoked, text });
        router.refresh();
      } else {
        setMessage({ ok: false, text: body.error?.message ?? `The upload failed (HTTP ${xhr.status}).` });
      }
    };
    xhr.send(file);
  }

  return (
    <form
      className="flex flex-wrap items-center gap-3"
      aria-label="Upload a source"
      onSubmit={(e) => {
        e.preventDefault();
        const input = e.currentTarget.elements.namedItem('file') as HTMLInputElement;
        const file = input.files?.[0];
        if (file) send(file);
      }}
    >
      <input name="file" type="file" required accept={extensions.join(',')} className="text-sm" aria-label="Source file" />
      <button type="submit" disabled={progress !== null} className="rounded bg-accent px-3 py-1.5 text-sm font-medium text-white disabled:opacity-60">
        Upload
      </button>
      {progress !== null && (
        <label className="flex items-center gap-2 text-sm text-muted">
          <progress max={100} value={progress} className="w-40" /> {progress}%
        </label>
      )}
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={`basis-full text-sm ${message.ok ? 'text-accent' : 'text-bad'}`} data-testid="upload-result">
          {message.text}
        </p>
      )}
    </form>
  );
}
