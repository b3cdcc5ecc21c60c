/**
 * npm run eval [-- --check-baseline] [--update-baseline] [--set dev|temporal] [--out FILE]
 * Builds a fresh embedded database (demo tenant + the seven companyfacts files), asks every golden
 * question, scores with the shared rules and reports rates with 95% Wilson intervals per pathway.
 * --check-baseline fails when the correct supported answer rate drops below lib/eval/baseline.json
 * or when any period-mismatch escape appears.
 */
import fs from 'node:fs';
import path from 'node:path';
import { secDataDir } from '@/lib/data-dir';
import { formatRun, loadGolden, prepareEvalDatabase, runEvalSet, type EvalRun } from '@/lib/eval/run-eval';

const args = process.argv.slice(2);
const flag = (f: string) => args.includes(f);
const value = (f: string) => {
  const i = args.indexOf(f);
  return i >= 0 ? args[i + 1] : undefined;
};

const BASELINE = path.resolve('lib/eval/baseline.json');
const shared = secDataDir();
const sets = [
  { name: 'dev', file: path.resolve(shared, '..', 'eval', 'golden-dev.jsonl') },
  { name: 'temporal', file: path.resolve('lib/eval/golden/temporal.jsonl') },
].filter((s) => (value('--set') ? s.name === value('--set') : true) && fs.existsSync(s.file));

const t0 = Date.now();
const database = await prepareEvalDatabase({ companyfactsDir: path.join(shared, 'sec-companyfacts') });
console.log(`eval database ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
const runs: EvalRun[] = [];
try {
  for (const s of sets) {
    const run = await runEvalSet(database, loadGolden(s.file, s.name));
    runs.push(run);
    console.log(formatRun(run));
  }
} finally {
  await database.close();
}

const out = value('--out') ?? '.eval/latest.json';
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), runs }, null, 2));
console.log(`results written to ${out}`);

const summary = Object.fromEntries(runs.map((r) => [r.set, { n: r.overall.n, correctSupportedRate: r.overall.correctSupportedRate.rate, escapes: r.overall.periodMismatchEscapeRate.k }]));
if (flag('--update-baseline')) {
  fs.writeFileSync(BASELINE, `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`baseline updated: ${BASELINE}`);
}
if (flag('--check-baseline')) {
  const baseline = JSON.parse(fs.readFileSync(BASELINE, 'utf8')) as Record<string, { n: number; correctSupportedRate: number }>;
  const problems: string[] = [];
  for (const r of runs) {
    const b = baseline[r.set];
    if (r.overall.periodMismatchEscapeRate.k > 0) problems.push(`${r.set}: ${r.overall.periodMismatchEscapeRate.k} period-mismatch escape(s)`);
    if (b && r.overall.correctSupportedRate.rate + 1e-9 < b.correctSupportedRate) {
      problems.push(`${r.set}: correct supported rate ${(r.overall.correctSupportedRate.rate * 100).toFixed(1)}% < baseline ${(b.correctSupportedRate * 100).toFixed(1)}%`);
    }
  }
  const total = runs.reduce((a, r) => a + r.overall.n, 0);
  const good = runs.reduce((a, r) => a + r.overall.correctSupportedRate.k, 0);
  console.log(`eval: ${good} passed, ${total - good} failed`);
  if (problems.length) {
    console.error(`eval regression:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
}
