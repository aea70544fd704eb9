/** The signed routes the http suite measures beside order/new (order-flow.ts names that one). */

/** txc's authentication alone, answering a constant: a route the benchmark's server adds (txc-server.ts). */
export const AUTH_ONLY_PATH = '/api/v4/bench/auth-only';

/** The signed main-account balance. */
export const BALANCE_PATH = '/api/v4/main-account/balance';
