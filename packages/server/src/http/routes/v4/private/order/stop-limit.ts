import { orderStopLimit } from '@txc/sdk';
import { placeOrderRoute } from '../../../../trading/place-order-route.js';

/** Reference §5.5: a limit order that waits for a trade at its activation price. */
export const orderStopLimitRoute = placeOrderRoute(orderStopLimit, 'stop limit');
