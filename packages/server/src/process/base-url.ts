/**
 * The address a server announces for `host` and `port` (its log line, the data dir's lock for the
 * CLI, the demo credentials): a wildcard host is reached on loopback, not at 0.0.0.0 or ::.
 */
export function baseUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}
