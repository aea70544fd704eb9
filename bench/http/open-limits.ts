import { TEN_SECONDS } from '@txc/sdk';

const unlimited = { limit: 1_000_000_000, windowMs: TEN_SECONDS };

/** Benchmarks measure throughput, not the limits: every bucket opened wide (config `rateLimits`). */
export const OPEN_RATE_LIMITS = {
  perIp: unlimited,
  public: unlimited,
  groups: Object.fromEntries(
    [
      'order',
      'orders',
      'trade-account',
      'collateral-read',
      'collateral-write',
      'main-account',
      'main-account-history',
      'mining',
      'public-orderbook',
    ].map((g) => [g, unlimited]),
  ),
};
