import { orderNew } from '@txc/sdk';
import { placeOrderRoute } from '../../../../trading/place-order-route.js';

/** Reference §5.3: a spot limit order. */
export const orderNewRoute = placeOrderRoute(orderNew, 'limit');
