/**
 * The spec's field names and the wire aliases deployed clients read (DESIGN §1.3). Responses carry
 * both; requests accept both. One table, used by the server to write and by clients to read.
 */
export const RESPONSE_ALIASES = {
  order_id: 'orderId',
  client_order_id: 'clientOrderId',
  deal_money: 'dealMoney',
  deal_stock: 'dealStock',
  deal_fee: 'dealFee',
  activation_price: 'activationPrice',
} as const;

/** Request fields accepted under either spelling: the spec's first. */
export const REQUEST_ALIASES = {
  client_order_id: 'clientOrderId',
  activation_price: 'activationPrice',
  order_id: 'orderId',
  oto_id: 'otoId',
} as const;

// listed once: a reply adds its aliases without building the list again
const RESPONSE_ALIAS_PAIRS = Object.entries(RESPONSE_ALIASES);

/** Adds the wire alias of every spec-named field present in `body`, in place. */
export function withAliases<T extends Record<string, unknown>>(body: T): T {
  const out = body as Record<string, unknown>;
  for (const [spec, alias] of RESPONSE_ALIAS_PAIRS) {
    if (spec in out) out[alias] = out[spec];
  }
  return body;
}
