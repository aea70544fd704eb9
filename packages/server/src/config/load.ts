import { readFileSync } from 'node:fs';
import { Value } from 'typebox/value';
import { ConfigSchema, type Config } from './schema.js';

/**
 * The only reader of process.env. Precedence, lowest first: defaults, the JSON config file,
 * TXC_* environment variables, command-line flags.
 */
export interface ConfigSources {
  readonly file?: string | undefined;
  readonly flags?: Partial<Record<keyof Config, unknown>>;
  readonly env?: NodeJS.ProcessEnv;
}

const ENV_KEYS: Readonly<Record<string, keyof Config>> = {
  TXC_HOST: 'host',
  TXC_PORT: 'port',
  TXC_DATA_DIR: 'dataDir',
  TXC_DATABASE_URL: 'database',
  TXC_ADMIN_TOKEN: 'adminToken',
  TXC_LOG_LEVEL: 'logLevel',
  TXC_MASTER_KEY: 'masterKey',
  TXC_MASTER_KEY_FILE: 'masterKeyFile',
};

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadConfig(sources: ConfigSources = {}): Config {
  const env = sources.env ?? process.env;
  let merged: Record<string, unknown> = {};
  const file = sources.file ?? env.TXC_CONFIG;
  if (file !== undefined) {
    try {
      merged = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    } catch (e) {
      throw new ConfigError(`cannot read config file ${file}: ${(e as Error).message}`);
    }
  }
  for (const [name, key] of Object.entries(ENV_KEYS)) {
    const v = env[name];
    if (v !== undefined && v !== '') merged[key] = key === 'port' ? Number(v) : v;
  }
  for (const [key, v] of Object.entries(sources.flags ?? {})) {
    if (v !== undefined) merged[key] = v;
  }
  const withDefaults = Value.Default(ConfigSchema, merged);
  if (!Value.Check(ConfigSchema, withDefaults)) {
    const problems = [...Value.Errors(ConfigSchema, withDefaults)].map((e) => `${e.instancePath || '/'} ${e.message}`);
    throw new ConfigError(`invalid configuration: ${problems.join('; ')}`);
  }
  return withDefaults;
}
