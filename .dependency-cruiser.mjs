// The import rules of the repository, checked by `npm run lint` (dependency-cruiser). Paths are
// taken from the directory it runs in: the repository root.
import { join } from 'node:path';

/**
 * The engine's layers, bottom first (packages/core/README.md says what each holds). A file imports
 * files of its own layer and of the layers below it, never of a layer above.
 */
export const CORE_LAYERS = [
  'money',
  'spec',
  'book',
  'state',
  'events',
  'commands',
  'codec',
  'funding',
  'collateral',
  'trading',
  'handlers',
  'engine.ts',
  'index.ts',
];

const CORE = '^packages/core/src/';
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The files of a layer: a folder, or one file at the top of src/. */
const layerPath = (layer) => `${CORE}${escape(layer)}${layer.endsWith('.ts') ? '$' : '/'}`;
const anyOf = (layers) => `(${layers.map(layerPath).join('|')})`;

/** One rule per layer: nothing above it. */
const downwardOnly = CORE_LAYERS.slice(0, -1).map((layer, i) => ({
  name: 'core-imports-point-down',
  severity: 'error',
  comment: `packages/core/src/${layer} may import only its own layer and those below it, not ${CORE_LAYERS.slice(i + 1).join(', ')}.`,
  from: { path: layerPath(layer) },
  to: { path: anyOf(CORE_LAYERS.slice(i + 1)) },
}));

/** The entries the packages meet at: their sources here, their builds once packed. */
const ENTRY = '^packages/(core|sdk|server)/(src/index\\.ts|dist/index\\.(js|d\\.ts))$';

export default {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Files never import each other in a loop, through types included: move what both need below both.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      severity: 'error',
      comment: 'Folders never import each other in a loop: a folder is a layer of its package.',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    ...downwardOnly,
    {
      name: 'core-layer-declared',
      severity: 'error',
      comment: 'Every file of packages/core/src sits in a layer: a new folder takes its place in CORE_LAYERS.',
      from: { path: CORE, pathNot: anyOf(CORE_LAYERS) },
      to: {},
    },
    {
      name: 'core-layer-declared',
      severity: 'error',
      comment: 'Every file of packages/core/src sits in a layer: a new folder takes its place in CORE_LAYERS.',
      from: { path: CORE },
      to: { path: CORE, pathNot: anyOf(CORE_LAYERS) },
    },
    {
      name: 'core-depends-on-nothing',
      severity: 'error',
      comment: 'packages/core/src is pure: it imports its own files only, no node built-in, npm or workspace package.',
      from: { path: CORE },
      to: { pathNot: CORE },
    },
    {
      name: 'sdk-not-server',
      severity: 'error',
      comment: 'The SDK is published alone and runs in browsers: it never imports the server.',
      from: { path: '^packages/sdk/' },
      to: { path: '^packages/server/' },
    },
    {
      name: 'packages-meet-at-entries',
      severity: 'error',
      comment: 'The server uses the core and the SDK through @txc/core and @txc/sdk only, never their files.',
      from: { path: '^packages/server/' },
      to: { path: '^packages/(core|sdk)/', pathNot: ENTRY },
    },
    {
      name: 'web-speaks-the-api-only',
      severity: 'error',
      comment:
        'The dashboard is a client like any other: it talks to txc through @txc/sdk and the APIs, never the server or the core.',
      from: { path: '^packages/web/' },
      to: { path: '^packages/(server|core)/' },
    },
    {
      name: 'packages-meet-at-entries',
      severity: 'error',
      comment: 'The dashboard uses the SDK through @txc/sdk only, never its files.',
      from: { path: '^packages/web/' },
      to: { path: '^packages/sdk/', pathNot: ENTRY },
    },
    {
      name: 'nothing-imports-the-web',
      severity: 'error',
      comment: 'The dashboard is a page served from its build (packages/web/dist): no package imports its sources.',
      from: { path: '^(packages/(core|sdk|server)|bench|scripts)/' },
      to: { path: '^packages/web/' },
    },
    {
      name: 'packages-meet-at-entries',
      severity: 'error',
      comment: 'The benchmarks use the packages through @txc/core, @txc/sdk and @txc/server only.',
      from: { path: '^bench/' },
      to: { path: '^packages/', pathNot: ENTRY },
    },
  ],
  options: {
    // a type-only import ties two files as much as any: cycles through types count
    tsPreCompilationDeps: true,
    tsConfig: { fileName: join(import.meta.dirname, 'tsconfig.base.json') },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data|\\.tmp|\\.workload|\\.results)/' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.d.ts'],
    },
  },
};
