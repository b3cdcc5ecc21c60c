/** A one-line progress bar with facts/s for a TTY; silent elsewhere. */
export interface ProgressBar {
  start(label: string): void;
  update(done: number, total: number): void;
  stop(): void;
}

export function createProgressBar(stream: NodeJS.WriteStream = process.stderr): ProgressBar {
  if (!stream.isTTY) return { start() {}, update() {}, stop() {} };
  let label = '';
  let started = 0;
  let lastDraw = 0;
  let drawn = false;
  const draw = (done: number, total: number) => {
    const width = 24;
    const ratio = total > 0 ? Math.min(1, done / total) : 0;
    const filled = Math.round(ratio * width);
    const secs = (performance.now() - started) / 1000;
    const rate = secs > 0 ? Math.round(done / secs) : 0;
    const name = label.length > 40 ? `…${label.slice(-39)}` : label;
    const line = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} facts ${rate.toLocaleString('en-US')} facts/s ${name}`;
    stream.write(`\r${line.slice(0, (stream.columns || 120) - 1)}\x1b[K`);
    drawn = true;
  };
  return {
    start(l) {
      label = l;
      started = performance.now();
      lastDraw = 0;
    },
    update(done, total) {
      const now = performance.now();
      if (now - lastDraw < 100 && done < total) return;
      lastDraw = now;
      draw(done, total);
    },
    stop() {
      if (drawn) stream.write('\r\x1b[K');
      drawn = false;
    },
  };
}
