import { collateralMarket } from '@txc/sdk';
import { placeOrderRoute } from '../../../../trading/place-order-route.js';

/** Reference §6.1: a collateral market order; its amount is stock on both sides. */
export const collateralMarketRoute = placeOrderRoute(collateralMarket, 'stock market', 'collateral');
