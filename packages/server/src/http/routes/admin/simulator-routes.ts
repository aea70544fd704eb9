import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { AdminError } from '../../../admin/admin-input.js';
import type { SimulatorSettings } from '../../../simulator/simulator-settings.js';
import type { Venue } from '../../../venue/venue.js';
import { adminRoute } from './admin-answer.js';
import type { AdminContract } from './admin-contracts.js';

const MarketSimulation = Type.Object({
  market: Type.String(),
  spread: Type.String({ description: 'Between the maker’s best bid and ask, as a fraction of the index.' }),
  depth: Type.Integer({ description: 'The maker’s orders a side.' }),
  tradesPerMinute: Type.Integer({ description: 'The taker’s market orders per minute.' }),
  volatility: Type.String({ description: 'The largest step of the stock’s index walk, as a fraction of it.' }),
});

/** The market simulator of `--simulate`, changed live. */
export const SIMULATOR_CONTRACTS = {
  simulatorSettings: {
    method: 'GET',
    path: '/admin/v1/simulator',
    summary: 'How the simulator runs each market',
    successStatus: 200,
    response: Type.Array(MarketSimulation),
  },
  setSimulator: {
    method: 'POST',
    path: '/admin/v1/simulator',
    summary: 'Change how the simulator runs a market (--simulate only)',
    successStatus: 200,
    body: Type.Object({
      market: Type.String(),
      spread: Type.Optional(Type.String({ description: 'Above 0, in steps of 0.000002.' })),
      depth: Type.Optional(Type.Integer({ description: '1 to 50.' })),
      tradesPerMinute: Type.Optional(Type.Integer({ description: '0 (none) to 6000.' })),
      volatility: Type.Optional(Type.String({ description: '0 to 0.1; shared by the markets of the same stock.' })),
    }),
    response: MarketSimulation,
  },
} as const satisfies Record<string, AdminContract>;

/** The simulator's admin routes; without --simulate they answer 409. */
export function simulatorRoutes(app: FastifyInstance, venue: Venue, simulator: SimulatorSettings | undefined): void {
  const { simulatorSettings, setSimulator } = SIMULATOR_CONTRACTS;
  const running = (): SimulatorSettings => {
    if (simulator === undefined) {
      throw new AdminError('adminConflict', 'The simulator runs under --simulate only.');
    }
    return simulator;
  };
  adminRoute(app, 'simulatorSettings', simulatorSettings, () => running().list(venue.state));
  adminRoute(app, 'setSimulator', setSimulator, (request) => running().update(venue.state, request.body));
}
