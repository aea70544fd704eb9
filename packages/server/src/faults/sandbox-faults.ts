import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/schema.js';
import type { Metrics } from '../metrics/metrics.js';
import type { Venue } from '../venue/venue.js';
import { FaultBoard } from './fault-board.js';

/**
 * A server's fault board: rules are taken under --demo or --allow-faults only; each fault injected
 * is logged and counted; orders on a market a rule halts are refused before the engine, as the
 * engine refuses them on a market closed to trading.
 */
export function sandboxFaults(venue: Venue, config: Config, metrics: Metrics, log: FastifyBaseLogger): FaultBoard {
  const board = new FaultBoard({
    now: () => venue.clock.nowMs(),
    seed: config.seed ?? config.priceFeedOptions.seed,
    allowed: config.demo || config.allowFaults,
    injected: (type, detail) => {
      metrics.faultInjected(type);
      log.info({ fault: type, detail }, 'fault injected');
    },
  });
  venue.admit((cmd) => {
    if (cmd.type !== 'PlaceOrder' || !board.halts(cmd.market)) return undefined;
    board.report('haltMarket', `order on ${cmd.market}`);
    return { reason: 'MARKET_NOT_AVAILABLE', params: { market: cmd.market } };
  });
  return board;
}
