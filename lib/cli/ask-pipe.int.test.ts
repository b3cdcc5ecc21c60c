/**
 * The CLI writes every answer before it exits, whatever its stdout is: a large batch piped through
 * `head -c` into `wc -l` delivers every line, the same lines a file gets; a reader that stops early
 * (`head -c 1000`) ends the CLI quietly, with no EPIPE trace.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const QUESTIONS = 120;

describe('ledgerline ask --batch (CLI) through pipes', () => {
  it('delivers every answer to a pipe, as to a file; a closed pipe is no error', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-cli-pipe-'));
    const batch = path.join(dir, 'batch.txt');
    // different questions (no answer is served from the cache), each answered with a clarification or an abstention
    fs.writeFileSync(
      batch,
      Array.from(
        { length: QUESTIONS },
        (_, i) => `What was Company ${i} revenue in fiscal ${2000 + (i % 25)} versus the year before?`,
      ).join('\n'),
    );
    const env = { ...process.env, LEDGERLINE_DATA_DIR: path.join(dir, 'db'), DATABASE_URL: '' };
    const cli = `${JSON.stringify(process.execPath)} --import tsx lib/cli/main.ts ask --json --batch ${JSON.stringify(batch)}`;
    const sh = (pipeline: string) => run('bash', ['-o', 'pipefail', '-c', pipeline], { env, cwd: process.cwd(), maxBuffer: 64 << 20 });

    const toFile = path.join(dir, 'answers.jsonl');
    await sh(`${cli} > ${JSON.stringify(toFile)}`);
    const fileLines = fs.readFileSync(toFile, 'utf8').split('\n').filter(Boolean);
    expect(fileLines).toHaveLength(QUESTIONS);
    expect(fileLines.every((l) => typeof (JSON.parse(l) as { status: string }).status === 'string')).toBe(true);
    const bytes = fs.statSync(toFile).size;
    expect(bytes).toBeGreaterThan(128 * 1024); // twice what a pipe's buffer holds

    const piped = await sh(`${cli} | head -c ${bytes * 2} | wc -lc`);
    const [lines, got] = piped.stdout.trim().split(/\s+/).map(Number);
    expect(lines).toBe(QUESTIONS);
    // (the same answers; only their timings differ)
    expect(Math.abs((got ?? 0) - bytes)).toBeLessThan(bytes * 0.02);

    // a reader that stops early: it gets what it asked for, the CLI ends quietly (status 0, no trace)
    const early = await run('bash', ['-c', `${cli} | head -c 1000 | wc -c; echo "cli=\${PIPESTATUS[0]}"`], { env, cwd: process.cwd() });
    expect(early.stdout.trim().split('\n')).toEqual(['1000', 'cli=0']);
    expect(early.stderr).not.toMatch(/EPIPE|Error/);
  }, 300_000);
});
