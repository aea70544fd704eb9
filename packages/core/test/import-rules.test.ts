import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CRUISER = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const CONFIG = join(ROOT, '.dependency-cruiser.mjs');

/**
 * A small repository laid out like this one, with one breach of each import rule planted in it, and
 * imports that keep the rules beside them (handlers → state, server → @txc/core's entry).
 */
const FIXTURE: Readonly<Record<string, string>> = {
  'packages/core/src/index.ts': "export { placeOrder } from './handlers/place-order.js';\n",
  'packages/core/src/handlers/place-order.ts':
    "import { addTo } from '../state/ledger.js';\nexport function placeOrder(): number {\n  return addTo();\n}\n",
  // upward: the state importing a handler
  'packages/core/src/state/ledger.ts':
    "import { placeOrder } from '../handlers/place-order.js';\nexport function addTo(): number {\n  return 1;\n}\nexport const apply = placeOrder;\n",
  // a cycle, one side of it through a type only
  'packages/core/src/trading/matching.ts':
    "import { fill } from './fill.js';\nexport interface Exec {\n  readonly lots: number;\n}\nexport const run = fill;\n",
  'packages/core/src/trading/fill.ts':
    "import type { Exec } from './matching.js';\nexport function fill(exec: Exec): number {\n  return exec.lots;\n}\n",
  // the core reading a file
  'packages/core/src/money/decimal.ts': "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
  // a folder that is no layer
  'packages/core/src/widgets/gadget.ts': "import { read } from '../money/decimal.js';\nexport const gadget = read;\n",
  // the SDK importing the server
  'packages/sdk/src/index.ts': "import { server } from '../../server/src/index.js';\nexport const client = server;\n",
  // the server reaching into the core past its entry, and keeping to it
  'packages/server/src/index.ts':
    "import { placeOrder } from '../../core/src/index.js';\nexport const server = placeOrder;\n",
  'packages/server/src/http/route.ts':
    "import { addTo } from '../../../core/src/state/ledger.js';\nexport const route = addTo;\n",
  // two folders importing each other, without a cycle of files
  'packages/server/src/wallet/intake.ts': "import { venue } from '../venue/venue.js';\nexport const intake = venue;\n",
  'packages/server/src/wallet/status.ts': 'export const status = 3;\n',
  'packages/server/src/venue/venue.ts': 'export const venue = 1;\n',
  'packages/server/src/venue/admin.ts': "import { status } from '../wallet/status.js';\nexport const admin = status;\n",
};

interface Violation {
  readonly from: string;
  readonly to: string;
  readonly rule: { readonly name: string };
}

/** Runs dependency-cruiser with the repository's configuration over `packages` in `dir`. */
function cruise(dir: string): Promise<Violation[]> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [CRUISER, '--config', CONFIG, '--output-type', 'json', 'packages'],
      { cwd: dir, maxBuffer: 16 << 20 },
      (error, stdout, stderr) => {
        // it exits with the number of errors it found: the report is what matters
        if (stdout === '') reject(error ?? new Error(stderr));
        else resolve((JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations);
      },
    );
  });
}

describe('import rules (dependency-cruiser, as npm run lint runs it)', () => {
  let dir: string;
  let violations: Violation[];
  const named = (rule: string): Violation[] => violations.filter((v) => v.rule.name === rule);
  const pairs = (rule: string): string[] => named(rule).map((v) => `${v.from} -> ${v.to}`);

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'txc-import-rules-'));
    for (const [path, text] of Object.entries(FIXTURE)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    violations = await cruise(dir);
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  it('a core layer importing one above it is refused; importing one below is not', () => {
    assert.deepEqual(pairs('core-imports-point-down'), [
      'packages/core/src/state/ledger.ts -> packages/core/src/handlers/place-order.ts',
    ]);
  });

  it('an import cycle is refused, a type-only import in it included', () => {
    const cycles = named('no-cycle').map((v) => [v.from, v.to].sort().join(' <-> '));
    assert.ok(
      cycles.includes('packages/core/src/trading/fill.ts <-> packages/core/src/trading/matching.ts'),
      `${cycles.join('; ')}`,
    );
    // the upward import closes a loop too: the handler imports the ledger
    assert.ok(
      cycles.includes('packages/core/src/handlers/place-order.ts <-> packages/core/src/state/ledger.ts'),
      `${cycles.join('; ')}`,
    );
  });

  it('two folders importing each other are refused, though no files do', () => {
    const folders = pairs('no-folder-cycle');
    assert.ok(
      folders.some((c) => c.includes('packages/server/src/wallet') && c.includes('packages/server/src/venue')),
      folders.join('; '),
    );
  });

  it('the core imports no node built-in, and every core folder is a declared layer', () => {
    assert.deepEqual(pairs('core-depends-on-nothing'), ['packages/core/src/money/decimal.ts -> fs']);
    assert.deepEqual(pairs('core-layer-declared'), [
      'packages/core/src/widgets/gadget.ts -> packages/core/src/money/decimal.ts',
    ]);
  });

  it('the SDK never imports the server, and the server reaches the core through its entry only', () => {
    assert.deepEqual(pairs('sdk-not-server'), ['packages/sdk/src/index.ts -> packages/server/src/index.ts']);
    assert.deepEqual(pairs('packages-meet-at-entries'), [
      'packages/server/src/http/route.ts -> packages/core/src/state/ledger.ts',
    ]);
  });
});
