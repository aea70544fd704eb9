import { orderStockMarket } from '@txc/sdk';
import { placeOrderRoute } from '../../../../trading/place-order-route.js';

/** Reference §5.4: the amount is stock on both sides. */
export const orderStockMarketRoute = placeOrderRoute(orderStockMarket, 'stock market');
