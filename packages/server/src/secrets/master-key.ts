import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/schema.js';

export const MASTER_KEY_FILE = 'master-key';

const HEX_KEY = /^[0-9a-fA-F]{64}$/;

export class MasterKeyError extends Error {
  override readonly name = 'MasterKeyError';
}

export interface MasterKey {
  readonly key: Buffer;
  /** Where it came from: the configuration itself, a file it names, or the data dir's own file. */
  readonly source: 'config' | 'file' | 'data-dir';
  /** The file it was read from or generated into, if any. */
  readonly path: string | undefined;
  /** True when the data dir's key file was created by this call. */
  readonly generated: boolean;
  /** True when the key file can be read by others than its owner. */
  readonly exposed: boolean;
}

function fromHex(text: string, where: string): Buffer {
  const trimmed = text.trim();
  if (!HEX_KEY.test(trimmed)) throw new MasterKeyError(`${where} must hold 64 hexadecimal characters (32 bytes)`);
  return Buffer.from(trimmed, 'hex');
}

function exposed(path: string): boolean {
  // Windows has no POSIX modes to speak of; there the data dir's ACLs are the operator's to set.
  return process.platform !== 'win32' && (statSync(path).mode & 0o077) !== 0;
}

/** A master key kept in a file (64 hexadecimal characters), as `masterKeyFile` names one. */
export function readMasterKeyFile(path: string): MasterKey {
  return readKeyFile(path, 'file');
}

function readKeyFile(path: string, source: 'file' | 'data-dir'): MasterKey {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new MasterKeyError(`cannot read the master key file ${path}: ${(e as Error).message}`);
  }
  return { key: fromHex(text, `the master key file ${path}`), source, path, generated: false, exposed: exposed(path) };
}

/**
 * The key the configuration names: `masterKey` (hex), the file `masterKeyFile` names, or else the
 * data dir's own `<dataDir>/master-key` when there is one. Undefined when there is none: whether one
 * may be generated is for the store to say (store-master-key.ts), never for this. An existing file
 * that does not hold a key is an error rather than a key to replace: replacing it would make every
 * sealed secret unreadable.
 */
export function configuredMasterKey(
  config: Pick<Config, 'dataDir' | 'masterKey' | 'masterKeyFile'>,
): MasterKey | undefined {
  if (config.masterKey !== undefined && config.masterKeyFile !== undefined) {
    throw new MasterKeyError('set masterKey or masterKeyFile, not both');
  }
  if (config.masterKey !== undefined) {
    return {
      key: fromHex(config.masterKey, 'masterKey'),
      source: 'config',
      path: undefined,
      generated: false,
      exposed: false,
    };
  }
  if (config.masterKeyFile !== undefined) return readKeyFile(config.masterKeyFile, 'file');
  const path = join(config.dataDir, MASTER_KEY_FILE);
  if (!existsSync(path)) return undefined;
  return readKeyFile(path, 'data-dir');
}

/** A new key in `<dataDir>/master-key` (mode 0600), for a venue whose store names none yet. */
export function generateMasterKey(dataDir: string): MasterKey {
  const path = join(dataDir, MASTER_KEY_FILE);
  try {
    // `wx`: two processes starting on a fresh data dir cannot both write a key.
    writeFileSync(path, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw new MasterKeyError(`cannot create the master key file ${path}: ${(e as Error).message}`);
    }
    return readKeyFile(path, 'data-dir');
  }
  return { ...readKeyFile(path, 'data-dir'), generated: true };
}
