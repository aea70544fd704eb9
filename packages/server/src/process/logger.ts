import { createRequire } from 'node:module';
import pino, { type DestinationStream, type Logger } from 'pino';
import type PinoPretty from 'pino-pretty';
import type { Config } from '../config/schema.js';
import { withoutQuery } from '../admin/audit-log.js';

/**
 * A request as the log shows it: no headers, no body, and the path without its query string, which
 * a caller may have put a credential in (`?token=…`).
 */
function requestForLog(request: {
  method?: string;
  url?: string;
  ip?: string;
  socket?: { remotePort?: number };
}): object {
  return {
    method: request.method,
    url: withoutQuery(request.url ?? ''),
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Readable lines for a person at a terminal; loaded only then. */
function prettyLines(): DestinationStream {
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  return pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', sync: true });
}

/**
 * Structured JSON logs to files and pipes, readable lines on a terminal. No secret reaches them:
 * requests are logged without headers, bodies or query strings, and fields that name a secret are
 * redacted wherever they appear.
 */
export function createLogger(config: Pick<Config, 'logLevel'>, output: NodeJS.WriteStream = process.stdout): Logger {
  return pino(
    {
      level: config.logLevel,
      serializers: { req: requestForLog },
      redact: {
        paths: [
          'req.headers',
          'req.body',
          'body',
          'headers.authorization',
          'headers["x-txc-apikey"]',
          'headers["x-txc-payload"]',
          'headers["x-txc-signature"]',
          'apiSecret',
          '*.apiSecret',
          'secret',
          'adminToken',
          'metricsToken',
          'masterKey',
          'token',
        ],
        censor: '[redacted]',
      },
    },
    output.isTTY === true ? prettyLines() : undefined,
  );
}
