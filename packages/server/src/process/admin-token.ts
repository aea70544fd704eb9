import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const ADMIN_TOKEN_FILE = 'admin-token';

/** An admin token, and whether this start made it (in `path`, the data dir's file). */
export interface AdminToken {
  readonly token: string;
  readonly generated: boolean;
  readonly path: string | undefined;
}

/** The admin token kept in the data dir; undefined when there is none (yet). */
export function storedAdminToken(dataDir: string): string | undefined {
  try {
    const stored = readFileSync(join(dataDir, ADMIN_TOKEN_FILE), 'utf8').trim();
    return stored.length >= 16 ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** The configured admin token, or the one kept in the data dir (generated on first use, mode 0600). */
export function resolveAdminToken(dataDir: string, configured: string | undefined): AdminToken {
  if (configured !== undefined) return { token: configured, generated: false, path: undefined };
  const path = join(dataDir, ADMIN_TOKEN_FILE);
  const stored = storedAdminToken(dataDir);
  if (stored !== undefined) return { token: stored, generated: false, path };
  const token = randomBytes(32).toString('hex');
  writeFileSync(path, `${token}\n`, { mode: 0o600 });
  return { token, generated: true, path };
}

/** The configured admin token, or the one kept in the data dir (generated on first use, mode 0600). */
export function adminToken(dataDir: string, configured: string | undefined): string {
  return resolveAdminToken(dataDir, configured).token;
}
