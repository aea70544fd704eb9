import { orderMarket } from '@txc/sdk';
import { placeOrderRoute } from '../../../../trading/place-order-route.js';

/** Reference §5.4: a buy spends its money amount (fee on top), a sell sells its stock amount. */
export const orderMarketRoute = placeOrderRoute(orderMarket, 'market');
