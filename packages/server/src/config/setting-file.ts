import { ConfigError } from './load.js';

/**
 * Reads a file a setting names (`venue`, `priceFeed`'s file) before a start opens anything: what is
 * wrong with it (missing, unreadable, malformed) stops the start as a bad setting, in one line that
 * names the setting, rather than as a stack trace once the store is open.
 */
export function fromSettingFile<T>(setting: string, read: () => T): T {
  try {
    return read();
  } catch (e) {
    throw new ConfigError(`invalid configuration: /${setting}: ${e instanceof Error ? e.message : String(e)}`);
  }
}
