import pino, { type Logger } from 'pino';
import type { Config } from '../config/schema.js';

/** Structured JSON logs; secrets and signatures never reach them. */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers["x-txc-signature"]',
        'req.headers["x-txc-payload"]',
        'req.headers.authorization',
        'apiSecret',
        'secret',
        'adminToken',
        'masterKey',
      ],
      censor: '[redacted]',
    },
  });
}
