import { MarketInfoV1Fields, marketsV1 } from '@txc/sdk';
import { legacyMarketsRoute } from '../../legacy-markets-route.js';

/** API V1 market info: the V4 listing's first fields, wrapped; cached 1 second. */
export const marketsV1Route = legacyMarketsRoute(
  marketsV1,
  Object.keys(MarketInfoV1Fields) as (keyof typeof MarketInfoV1Fields)[],
);
