/**
 * `npm run check:layers`: enforces the import layers of scripts/layers/layers.cjs with dependency-cruiser
 * (no lib/ folder imports a folder of its own or a higher layer, lib never imports app/components, nothing
 * imports tests/, no module cycles), prints the diagram it enforces, and fails when the README's
 * architecture diagram differs from it (`--write` rewrites the README section).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const { LAYERS } = require('./layers.cjs') as { LAYERS: { name: string; folders: string[]; what: string }[] };
const root = path.resolve(import.meta.dirname, '..', '..');

export function layerDiagram(): string {
  const width = Math.max(...LAYERS.map((l) => l.name.length));
  const lines = [
    'app/ (routes, pages, actions)  ─►  components/ (UI only)  ─►  lib/ (below; components never reach lib/db or lib/server)',
    '',
    ...[...LAYERS].reverse().map(
      (l) =>
        `${l.name.padEnd(width)}  ${l.folders
          .map((f) => `lib/${f}`)
          .join(' ')
          .padEnd(44)}  ${l.what}`,
    ),
    '',
    'Each layer imports only the layers below it; tests/ may import anything and nothing imports tests/.',
  ];
  return lines.join('\n');
}

const START = '<!-- layers:start -->';
const END = '<!-- layers:end -->';

function readmeSection(diagram: string): string {
  return `${START}\n\`\`\`\n${diagram}\n\`\`\`\n${END}`;
}

function main(): number {
  const diagram = layerDiagram();
  console.log(diagram);
  console.log('');
  let ok = true;
  try {
    const out = execFileSync(
      path.join(root, 'node_modules', '.bin', 'depcruise'),
      ['lib', 'app', 'components', 'tests', 'scripts', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    console.log(out.trim());
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    console.log(`${err.stdout ?? ''}${err.stderr ?? ''}`.trim());
    ok = false;
  }
  const readmePath = path.join(root, 'README.md');
  const readme = fs.readFileSync(readmePath, 'utf8');
  const want = readmeSection(diagram);
  const s = readme.indexOf(START);
  const e = readme.indexOf(END);
  const have = s >= 0 && e > s ? readme.slice(s, e + END.length) : null;
  if (have !== want) {
    if (process.argv.includes('--write') && have !== null) {
      fs.writeFileSync(readmePath, readme.slice(0, s) + want + readme.slice(e + END.length));
      console.log('README layer diagram rewritten.');
    } else {
      console.log(
        `README.md: the layer diagram between ${START} and ${END} differs from scripts/layers/layers.cjs (run \`npm run check:layers -- --write\`).`,
      );
      ok = false;
    }
  }
  console.log(ok ? 'layers: ok' : 'layers: FAILED');
  return ok ? 0 : 1;
}

process.exit(main());
