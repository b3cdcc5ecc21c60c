/**
 * The layers of lib/, lowest first. A folder may import only folders of strictly lower layers (and itself),
 * so folders cannot form a cycle; app/ and components/ sit on top; tests/ may import anything, nothing
 * imports tests/. `npm run check:layers` enforces this and prints the diagram the README shows.
 */
const { LAYERS } = require('./scripts/layers/layers.cjs');

const esc = (s) => s.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&');
const folderPath = (fs) => `^lib/(${fs.map(esc).join('|')})(/|\\.tsx?$)`;
const TEST = '(\\.test\\.tsx?$|/__fixtures__/)';

const layerRules = LAYERS.flatMap((layer, i) => {
  const allowed = LAYERS.slice(0, i).flatMap((l) => l.folders);
  return layer.folders.map((f) => ({
    name: `layer:${f}`,
    comment: `lib/${f} (${layer.name}) may import only lower layers: ${allowed.join(', ') || 'none'}`,
    severity: 'error',
    from: { path: folderPath([f]), pathNot: TEST },
    to: { path: '^lib/', pathNot: folderPath([f, ...allowed]) },
  }));
});

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'lib-not-ui',
      severity: 'error',
      comment: 'lib never imports app or components',
      from: { path: '^lib/', pathNot: TEST },
      to: { path: '^(app|components)/' },
    },
    {
      name: 'no-test-support-in-product',
      severity: 'error',
      comment: 'product code never imports tests/',
      from: { path: '^(lib|app|components)/', pathNot: TEST },
      to: { path: '^tests/' },
    },
    {
      name: 'app-db-through-server',
      severity: 'error',
      comment:
        'app gets its database and viewer only from the lib/server wrappers (withPage, withRole, roleAction), never from the runtime or the client',
      from: { path: '^app/' },
      to: { path: '^lib/(server/runtime|db/client)\\.ts$' },
    },
    {
      name: 'components-no-db',
      severity: 'error',
      comment: 'components never import lib/db or lib/server',
      from: { path: '^components/' },
      to: { path: '^lib/(db|server)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'no module cycles in product code (type-only imports excepted: they vanish at run time)',
      from: { path: '^(lib|app|components)/', pathNot: TEST },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|\\.next|\\.data|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
