/**
 * The CLI's output reaches its reader whatever stdout is — a terminal, a file or a pipe. Writes to a
 * pipe are asynchronous: `process.exit` drops what the pipe has not taken yet (a batch piped into
 * `wc -l` lost half its answers). So every write waits for the stream to take it (a slow reader slows
 * the batch instead of growing memory), and the process exits only once stdout and stderr are drained.
 * A reader that goes away (`| head -c 1000`) ends the output quietly: what it read is what it asked for.
 */

/** Writes one chunk and resolves when the stream has taken it. */
export function writeOut(text: string, stream: NodeJS.WritableStream = process.stdout): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(text, (e) => (e ? reject(e) : resolve()));
  });
}

/** Resolves once everything written to the stream so far has been taken (or the stream is gone). */
export function drained(stream: NodeJS.WritableStream & { writableLength?: number; destroyed?: boolean }): Promise<void> {
  if (stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    stream.write('', () => resolve());
  });
}

/** A closed pipe (the reader stopped reading): not an error of the command. */
export const isClosedPipe = (e: unknown) => (e as { code?: string } | null)?.code === 'EPIPE';

/**
 * Exits with `code` after stdout and stderr have been drained. `exit` is the process's (a parameter
 * for tests).
 */
export async function exitAfterDrain(
  code: number,
  streams: (NodeJS.WritableStream & { destroyed?: boolean })[] = [process.stdout, process.stderr],
  exit: (code: number) => void = (c) => process.exit(c),
): Promise<void> {
  await Promise.all(streams.map((s) => drained(s).catch(() => undefined)));
  exit(code);
}

/** Ends the process quietly when its reader closes the pipe (EPIPE), instead of a stack trace. */
export function quietOnClosedPipe(
  stream: NodeJS.WritableStream = process.stdout,
  exit: (code: number) => void = (c) => process.exit(c),
): void {
  stream.on('error', (e) => {
    if (isClosedPipe(e)) exit(0);
    else throw e;
  });
}
