import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DemoKeys } from './seed.js';

export const CREDENTIALS_FILE = 'demo-credentials.json';

/** Exactly the keys demo-seed.md names, in that order; readable by the owner only (it holds secrets). */
export function writeDemoCredentials(dataDir: string, baseUrl: string, keys: DemoKeys, adminToken: string): string {
  const path = join(dataDir, CREDENTIALS_FILE);
  const body = {
    baseUrl,
    apiKey: keys.apiKey,
    apiSecret: keys.apiSecret,
    adminToken,
    eea: { apiKey: keys.eea.apiKey, apiSecret: keys.eea.apiSecret },
  };
  writeFileSync(path, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
  return path;
}
