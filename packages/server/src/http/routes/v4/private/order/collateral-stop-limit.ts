import { collateralStopLimit } from '@txc/sdk';
import { placeOrderRoute } from '../../../../trading/place-order-route.js';

/** Reference §6.1: rests as a limit order once a trade reaches its activation price. */
export const collateralStopLimitRoute = placeOrderRoute(collateralStopLimit, 'stop limit', 'collateral');
