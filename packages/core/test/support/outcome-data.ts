import { orderData, type DealParty, type Event, type OrderData, type Outcome } from '../../src/index.js';

/** What a trade's event says of one side: the fields it reads of the order. */
function partyData(p: DealParty): DealParty {
  return { user: p.user, account: p.account, id: p.id, clientOrderId: p.clientOrderId, side: p.side, rpi: p.rpi };
}

function eventData(e: Event): Event {
  switch (e.type) {
    case 'TradeExecuted':
      return { ...e, maker: partyData(e.maker), taker: partyData(e.taker) };
    case 'OrderFinished':
      return { ...e, order: orderData(e.order) };
    default:
      return e;
  }
}

function isOrder(value: unknown): value is OrderData {
  return typeof value === 'object' && value !== null && 'dealStock' in value;
}

/**
 * An outcome as plain data, taken when it is answered: orders as their data, without the links of
 * the book they rest in (two books link their orders differently) and without what later commands
 * change in them. What two engines answering alike must agree on.
 */
export function outcomeData(o: Outcome<unknown>): unknown {
  const { result } = o;
  return {
    result: result.ok && isOrder(result.value) ? { ok: true, value: orderData(result.value) } : result,
    events: o.events.map(eventData),
  };
}
