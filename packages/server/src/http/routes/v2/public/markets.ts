import { MarketInfoV2Fields, marketsV2 } from '@txc/sdk';
import { legacyMarketsRoute } from '../../legacy-markets-route.js';

/** API V2 market info: the V4 listing's fields up to the minimum total and whether trading is on, wrapped; cached 1 second. */
export const marketsV2Route = legacyMarketsRoute(
  marketsV2,
  Object.keys(MarketInfoV2Fields) as (keyof typeof MarketInfoV2Fields)[],
);
