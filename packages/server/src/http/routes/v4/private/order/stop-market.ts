import { orderStopMarket } from '@txc/sdk';
import { placeOrderRoute } from '../../../../trading/place-order-route.js';

/** Spec §4.4: a market order that waits for a trade at its activation price. */
export const orderStopMarketRoute = placeOrderRoute(orderStopMarket, 'stop market');
