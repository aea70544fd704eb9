import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DurableOutbox } from '../../src/ws/durable-outbox.js';
import { PerCommit, PUSH_RANK } from '../../src/ws/channels/per-commit.js';

/** One group commit held open until `land`: what the account channels gather meanwhile is sent then. */
function openCommit(): { outbox: DurableOutbox; land: () => Promise<void> } {
  let landed!: () => void;
  const commit = new Promise<void>((resolve) => (landed = resolve));
  const outbox = new DurableOutbox({ durable: () => commit, durableNow: true }, (error) => assert.fail(String(error)));
  return {
    outbox,
    land: async () => {
      landed();
      await commit;
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('the account channels’ frames within one group commit', () => {
  it('a balance changed after an order of a later command is sent after that order’s frame', async () => {
    const { outbox, land } = openCommit();
    const sent: string[] = [];
    const gathering = (name: string, rank: number): PerCommit<string[]> =>
      new PerCommit<string[]>(
        outbox,
        () => [],
        (values) => sent.push(`${name}:${values.join(',')}`),
        rank,
      );
    const orders = gathering('orders', PUSH_RANK.ordersPending);
    const balances = gathering('balances', PUSH_RANK.balanceSpot);
    const deals = gathering('deals', PUSH_RANK.deals);
    // command 1 changes a balance alone (a transfer); command 2 places an order and holds for it;
    // command 3 trades: a deal, its order's update, the balance
    balances.current().push('1');
    orders.current().push('2');
    balances.current().push('2');
    deals.current().push('3');
    orders.current().push('3');
    balances.current().push('3');
    await land();
    assert.deepEqual(sent, ['balances:1', 'orders:2', 'balances:2', 'deals:3', 'orders:3', 'balances:3']);
  });

  it('a gathering without a rank cuts nothing', async () => {
    const { outbox, land } = openCommit();
    const sent: string[] = [];
    const balances = new PerCommit<string[]>(
      outbox,
      () => [],
      (v) => sent.push(`balances:${v.join(',')}`),
      3,
    );
    const other = new PerCommit<string[]>(
      outbox,
      () => [],
      (v) => sent.push(`other:${v.join(',')}`),
    );
    balances.current().push('1');
    other.current().push('2');
    balances.current().push('2');
    await land();
    assert.deepEqual(sent, ['balances:1,2', 'other:2']);
  });
});
