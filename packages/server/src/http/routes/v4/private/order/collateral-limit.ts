import { collateralLimit } from '@txc/sdk';
import { placeOrderRoute } from '../../../../trading/place-order-route.js';

/** Spec §4.3, reference §6.1: a collateral limit order, with optional OTO legs. */
export const collateralLimitRoute = placeOrderRoute(collateralLimit, 'limit', 'collateral');
