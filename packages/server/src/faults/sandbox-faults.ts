import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/schema.js';
import type { Metrics } from '../metrics/metrics.js';
import type { Venue } from '../venue/venue.js';
import { FaultBoard } from './fault-board.js';
import { placesAnOrder } from './order-placements.js';

/**
 * A server's fault board: rules are taken under --demo or --allow-faults only; each fault injected
 * is logged and counted; every command that would place an order on a market a rule halts (a new
 * order, a modification's replacement, an OCO group) is refused before the engine, as the engine
 * refuses it on a market closed to trading. Cancels go through.
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
    if (!placesAnOrder(cmd) || !board.halts(cmd.market)) return undefined;
    board.report('haltMarket', `${cmd.type} on ${cmd.market}`);
    return { reason: 'MARKET_NOT_AVAILABLE', params: { market: cmd.market } };
  });
  return board;
}
