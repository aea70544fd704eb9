import { readFileSync } from 'node:fs';
import type { TSchema } from 'typebox';
import { Check, Errors } from 'typebox/schema';
import { ConfigSchema, type Config } from './schema.js';
import { valueProblems } from './value-checks.js';

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
  TXC_METRICS_TOKEN: 'metricsToken',
  TXC_LOG_LEVEL: 'logLevel',
  TXC_MASTER_KEY: 'masterKey',
  TXC_MASTER_KEY_FILE: 'masterKeyFile',
  TXC_CLUSTER: 'cluster',
  TXC_CLUSTER_CREDS_FILE: 'clusterCredsFile',
  TXC_CLUSTER_CA_FILE: 'clusterCaFile',
  TXC_CLUSTER_CERT_FILE: 'clusterCertFile',
  TXC_CLUSTER_KEY_FILE: 'clusterKeyFile',
  TXC_NODE_ID: 'nodeId',
  TXC_REDIS_URL: 'redis',
};

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadConfig(sources: ConfigSources = {}): Config {
  const env = sources.env ?? process.env;
  let merged: Record<string, unknown> = {};
  // a variable set to nothing is a templated value left unfilled, not a wish for the default
  const empty = ['TXC_CONFIG', ...Object.keys(ENV_KEYS)].filter((name) => env[name] === '');
  if (empty.length > 0) {
    throw new ConfigError(`invalid configuration: ${empty.join(', ')} set but empty (unset for the default)`);
  }
  const file = sources.file ?? env.TXC_CONFIG;
  if (file !== undefined) {
    try {
      merged = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    } catch (e) {
      throw new ConfigError(`cannot read config file ${file}: ${(e as Error).message}`);
    }
    // a misspelt setting would otherwise be left out silently, its default taken instead
    const unknown = unknownSettings(ConfigSchema, merged, '');
    if (unknown.length > 0) {
      throw new ConfigError(`invalid configuration: ${file} names no such setting ${unknown.join(', ')}`);
    }
  }
  for (const [name, key] of Object.entries(ENV_KEYS)) {
    const v = env[name];
    if (v !== undefined) merged[key] = key === 'port' ? Number(v) : v;
  }
  for (const [key, v] of Object.entries(sources.flags ?? {})) {
    if (v !== undefined) merged[key] = v;
  }
  const config = withDefaults(ConfigSchema, merged);
  if (!Check(ConfigSchema, config)) {
    throw new ConfigError(`invalid configuration: ${problemsOf(config).join('; ')}`);
  }
  const problems = valueProblems(config);
  if (problems.length > 0) throw new ConfigError(`invalid configuration: ${problems.join('; ')}`);
  const { kycUrl, kycUrlSecret } = config.subAccounts;
  if (kycUrl?.includes('{token}') === true && kycUrlSecret === undefined) {
    throw new ConfigError(
      'invalid configuration: /subAccounts/kycUrl has {token} but /subAccounts/kycUrlSecret is not set',
    );
  }
  return config;
}

/**
 * The value with the defaults its schema declares filled in, at every depth (a missing object first
 * takes its own default, `{}`, then its members theirs). The configuration's shapes need no more than
 * this, and TypeBox's Value module, which does it for every shape, would double what a start-up loads.
 */
function withDefaults(schema: TSchema, value: unknown): unknown {
  const { properties } = schema as { properties?: Record<string, TSchema> };
  const filled = value === undefined && 'default' in schema ? structuredClone(schema.default) : value;
  if (properties === undefined || typeof filled !== 'object' || filled === null || Array.isArray(filled)) {
    return filled;
  }
  const out: Record<string, unknown> = { ...(filled as Record<string, unknown>) };
  for (const [key, member] of Object.entries(properties)) {
    const v = withDefaults(member, out[key]);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/** The keys of `value` that `schema` has no place for, as paths (`/postgres/poolsize`). */
function unknownSettings(schema: TSchema, value: unknown, path: string): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const { properties, patternProperties } = schema as {
    properties?: Record<string, TSchema>;
    patternProperties?: Record<string, TSchema>;
  };
  // a record (wallet chains, rate-limit groups): any key, each value checked against its one schema
  const each = patternProperties === undefined ? undefined : Object.values(patternProperties)[0];
  if (properties === undefined && each === undefined) return [];
  return Object.entries(value).flatMap(([key, v]) => {
    const sub = properties?.[key] ?? each;
    return sub === undefined ? [`${path}/${key}`] : unknownSettings(sub, v, `${path}/${key}`);
  });
}

/**
 * What is wrong with a configuration, one line per setting: a setting that must be one of a few
 * words (`logLevel`) fails once per word in TypeBox's errors, which say "must be equal to constant"
 * without the word; these become one line naming them all.
 */
function problemsOf(config: unknown): string[] {
  const byPath = new Map<string, { messages: Set<string>; choices: unknown[] }>();
  const [, errors] = Errors(ConfigSchema, config);
  for (const e of errors) {
    const path = e.instancePath || '/';
    const entry = byPath.get(path) ?? { messages: new Set<string>(), choices: [] };
    byPath.set(path, entry);
    if (e.keyword === 'const') entry.choices.push((e.params as { allowedValue?: unknown }).allowedValue);
    // "must not have fewer than 1 characters" says less than what it means
    else if (e.keyword === 'minLength' && (e.params as { limit?: number }).limit === 1)
      entry.messages.add('must not be empty');
    else entry.messages.add(e.message);
  }
  return [...byPath].map(([path, { messages, choices }]) =>
    choices.length > 0 ? `${path} must be one of ${choices.join(', ')}` : `${path} ${[...messages].join(', ')}`,
  );
}
