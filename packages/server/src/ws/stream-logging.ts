import type { FastifyBaseLogger } from 'fastify';
import type { StreamsOptions } from './streams.js';

/**
 * What the sockets tell the operator through the process log: a method or push that failed where it
 * should not have, and a client cut off for reading too slowly, which the client itself may only see
 * as a dropped connection (its close frame waits behind what it did not read).
 */
export function streamLogging(
  log: FastifyBaseLogger,
  maxBufferedBytes: number,
): Pick<StreamsOptions, 'log' | 'onCutOff'> {
  return {
    log: (err, context) => log.error({ err, context }, 'WebSocket request failed'),
    onCutOff: (ip, user) =>
      log.warn({ ip, user, maxBufferedBytes }, 'a WebSocket client read too slowly and was cut off (4002)'),
  };
}
