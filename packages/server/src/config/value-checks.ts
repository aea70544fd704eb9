import { isIP, isIPv4 } from 'node:net';
import type { Config } from './schema.js';

/** The ranges proxy-addr (Fastify's trustProxy) knows by name. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** A dotted IPv4 netmask (255.255.255.0) whose ones are contiguous, as proxy-addr accepts one. */
function contiguousNetmask(mask: string): boolean {
  if (!isIPv4(mask)) return false;
  const bits = mask
    .split('.')
    .map((octet) => Number(octet).toString(2).padStart(8, '0'))
    .join('');
  return /^1*0*$/.test(bits);
}

/** An address, a range (`addr/bits` or `addr/netmask`) or a named range, as Fastify will compile it. */
function trustableProxy(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^[0-9]{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && contiguousNetmask(range);
}

/**
 * What the schema's shapes let through but cannot work, one line per setting: checked with the
 * rest of the configuration, so that such a setting stops a start by name before anything is
 * opened (Fastify would refuse a bad proxy only once the store was open and the jobs running, and
 * with a TypeError that names no setting).
 */
export function valueProblems(config: Config): string[] {
  const problems: string[] = [];
  const { database } = config;
  const store = database === 'sqlite' || /^sqlite:.+/.test(database) || /^postgres(ql)?:\/\/.+/.test(database);
  // the value is not repeated: a database URL may hold a password
  if (!store) problems.push('/database must be sqlite, sqlite:<file> or a postgres:// URL');
  (config.http.trustProxy ?? []).forEach((entry, i) => {
    if (!trustableProxy(entry)) {
      problems.push(
        `/http/trustProxy/${i} ${entry} is not an IP address, a range (address/bits) or one of ${NAMED_RANGES.join(', ')}`,
      );
    }
  });
  return problems;
}
