// `npm run openapi`: writes the generated documentation, docs/openapi.json (what a running txc serves
// at /openapi.json, from the schemas its routes register) and docs/api-coverage.md (from the SDK's
// ENDPOINTS). A test fails while either committed file differs from what this writes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENDPOINTS, STREAM_METHODS } from '@txc/sdk';
import { loadConfig } from '../src/config/load.js';
import { renderApiCoverage } from '../src/docs/api-coverage.js';
import { documentText } from '../src/http/openapi/document-text.js';
import { DEMO_VENUE_FILE, serve } from '../src/process/serve.js';

const DOCS = fileURLToPath(new URL('../../../docs/', import.meta.url));

const dataDir = mkdtempSync(join(tmpdir(), 'txc-docs-'));
try {
  const server = await serve(
    loadConfig({ env: {}, flags: { port: 0, dataDir, logLevel: 'silent', venue: DEMO_VENUE_FILE } }),
  );
  try {
    await server.app.ready();
    writeFileSync(join(DOCS, 'openapi.json'), documentText(server.app.swagger()));
  } finally {
    await server.close();
  }
  writeFileSync(join(DOCS, 'api-coverage.md'), renderApiCoverage(ENDPOINTS, STREAM_METHODS));
  console.log('wrote docs/openapi.json and docs/api-coverage.md');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
