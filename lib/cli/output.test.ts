import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { exitAfterDrain, quietOnClosedPipe, writeOut } from './output';

/** A pipe whose reader takes what was written only when told to (a reader slower than the writer). */
function slowPipe() {
  const held: (() => void)[] = [];
  let taken = '';
  const stream = new Writable({
    highWaterMark: 16,
    write(chunk: Buffer, _enc, done) {
      held.push(() => {
        taken += chunk.toString();
        done();
      });
    },
  });
  const release = () => {
    while (held.length) held.shift()?.();
  };
  return { stream, release, taken: () => taken };
}

describe('CLI output', () => {
  it('exits only once a slow reader has taken every answer', async () => {
    const pipe = slowPipe();
    const answers = Array.from({ length: 50 }, (_, i) => `{"answer":${i}}\n`);
    for (const a of answers) pipe.stream.write(a);
    const exits: number[] = [];
    const exited = exitAfterDrain(0, [pipe.stream], (c) => exits.push(c));
    // nothing taken yet: no exit
    await Promise.resolve();
    expect(exits).toEqual([]);
    // the reader takes what is there, chunk by chunk, until all is read
    while (pipe.taken().split('\n').length <= answers.length) {
      pipe.release();
      await new Promise((r) => setImmediate(r));
    }
    await exited;
    expect(exits).toEqual([0]);
    expect(pipe.taken()).toBe(answers.join(''));
  });

  it('a write resolves when the stream took it, and a closed pipe ends the output quietly', async () => {
    const pipe = slowPipe();
    let done = false;
    const w = writeOut('x\n', pipe.stream).then(() => {
      done = true;
    });
    await Promise.resolve();
    expect(done).toBe(false);
    pipe.release();
    await w;
    expect(done).toBe(true);
    const exits: number[] = [];
    const closed = new Writable({ write: (_c, _e, cb) => cb() });
    quietOnClosedPipe(closed, (c) => exits.push(c));
    closed.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    expect(exits).toEqual([0]);
  });
});
