import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

/** The code blocks of a Markdown file of the repository with this info string, in order. */
export function codeBlocks(file: string, lang: string): string[] {
  const text = readFileSync(join(REPO, file), 'utf8');
  return [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].filter((m) => m[1] === lang).map((m) => m[2] ?? '');
}

/** The documented address of a local txc, which snippets use and tests replace with their server's. */
export const DOCUMENTED_URL = 'http://127.0.0.1:8080';
/** Its WebSocket address, which the snippets' streams use. */
const DOCUMENTED_WS_URL = 'ws://127.0.0.1:8080';

/**
 * Runs documentation code as a module of its own, the way a reader would: through tsx, with the
 * repository's packages installed, against `url` instead of the documented address.
 */
export async function runSnippet(
  code: string,
  options: { readonly url: string; readonly ext: 'mjs' | 'mts'; readonly env?: Record<string, string> },
): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'txc-snippet-'));
  try {
    symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const file = join(dir, `snippet.${options.ext}`);
    const wsUrl = options.url.replace(/^http/, 'ws');
    writeFileSync(file, code.replaceAll(DOCUMENTED_URL, options.url).replaceAll(DOCUMENTED_WS_URL, wsUrl));
    // from the repository root, where tsx finds the tsconfig that maps @txc/sdk to its sources
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', file], {
      cwd: REPO,
      env: { ...process.env, ...options.env },
      timeout: 60_000,
    });
    return stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Type-checks documentation code (each entry a module of its own) with the repository's compiler
 * options, the SDK's types and Node's. Resolves with the compiler's complaints, empty when none.
 */
export async function typecheckSnippets(modules: Record<string, string>): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'txc-snippet-types-'));
  try {
    symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const files = Object.entries(modules).map(([name, code]) => {
      writeFileSync(join(dir, `${name}.mts`), `${code}\nexport {};\n`);
      return `${name}.mts`;
    });
    const config = {
      extends: join(REPO, 'tsconfig.base.json'),
      compilerOptions: { lib: ['ES2023', 'DOM'], types: ['node'] },
      files,
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config));
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    try {
      await promisify(execFile)(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')], { cwd: dir });
      return '';
    } catch (e) {
      return String((e as { stdout?: string }).stdout ?? e);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
