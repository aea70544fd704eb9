import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const ADMIN_TOKEN_FILE = 'admin-token';

/** The configured admin token, or the one kept in the data dir (generated on first use, mode 0600). */
export function adminToken(dataDir: string, configured: string | undefined): string {
  if (configured !== undefined) return configured;
  const path = join(dataDir, ADMIN_TOKEN_FILE);
  try {
    const stored = readFileSync(path, 'utf8').trim();
    if (stored.length >= 16) return stored;
  } catch {
    // not there yet
  }
  const token = randomBytes(32).toString('hex');
  writeFileSync(path, `${token}\n`, { mode: 0o600 });
  return token;
}
