import { collateralTriggerMarket } from '@txc/sdk';
import { placeOrderRoute } from '../../../../trading/place-order-route.js';

/** Reference §6.1: executes at market once a trade reaches its activation price. */
export const collateralTriggerMarketRoute = placeOrderRoute(collateralTriggerMarket, 'stop market', 'collateral');
