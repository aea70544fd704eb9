import assert from 'node:assert/strict';
import { formatUnits, parseUnits, type AccountKind } from '@txc/core';
import { judged, type RequestKind } from './sent.js';
import { admin, no5xx, signed } from './traffic.js';
import type { World } from './world.js';

const USDT_PRECISION = 6;

/** A journaled effect is there at most once, and in every view of the store or in none. */
function atMostOnce(what: string, journaled: number, rows = journaled): void {
  assert.ok(journaled <= 1, `${what} is journaled ${journaled} times`);
  assert.equal(rows, journaled, `${what}: the history rows and the journal agree`);
}

export const deposit: RequestKind = {
  name: 'deposit',
  weight: 3,
  signed: false,
  send(ctx) {
    const txid = ctx.unique('tx');
    const bogus = ctx.rng.next() < 0.1;
    const amount = `${ctx.rng.int(1, 5000)}.${String(ctx.rng.int(0, 999_999)).padStart(6, '0')}`;
    const body = {
      user: bogus ? ctx.unique('nobody') : ctx.actor.user,
      ticker: 'USDT',
      amount,
      txid,
      network: 'ERC20',
    };
    const journaled = (w: World): number => w.count('CreditDeposit', (c) => c.txid === txid);
    return judged(this.name, async () => no5xx(await admin(ctx.server, 'POST', '/admin/v1/deposits', body)), {
      acknowledged(answer) {
        const { transactionId } = answer.body as { transactionId: string };
        return (w) => {
          assert.equal(journaled(w), 1, `acknowledged deposit ${txid} is journaled once`);
          assert.ok(w.walletTransactionIds.has(transactionId), `acknowledged deposit ${txid} is in the wallet history`);
        };
      },
      refused: () => (w) => assert.equal(journaled(w), 0, `refused deposit ${txid}`),
      unknown: (w) => atMostOnce(`deposit ${txid}`, journaled(w)),
    });
  },
};

/**
 * Through the API's own transfer endpoint, by `from`/`to` or the legacy `method`. Each transfer
 * moves a distinct amount (the actor's transfer count, in minor units), so the journal can tell
 * them apart.
 */
export const transfer: RequestKind = {
  name: 'transfer',
  weight: 3,
  signed: true,
  send(ctx) {
    const units = BigInt(++ctx.actor.transfers);
    const [from, to]: [AccountKind, AccountKind] = ctx.rng.next() < 0.6 ? ['main', 'spot'] : ['spot', 'main'];
    const route = ctx.rng.next() < 0.25 ? { method: from === 'main' ? 'deposit' : 'withdraw' } : { from, to };
    const user = ctx.actor.user;
    const amount = formatUnits(units, USDT_PRECISION);
    const journaled = (w: World): number =>
      w.count('Transfer', (c) => c.user === user && c.ticker === 'USDT' && c.amount === units);
    return judged(this.name, () => signed(ctx, '/api/v4/main-account/transfer', { ticker: 'USDT', amount, ...route }), {
      acknowledged(answer) {
        assert.deepEqual([answer.status, answer.body], [201, []]);
        return (w) => assert.equal(journaled(w), 1, `acknowledged transfer ${user}/${units} is journaled once`);
      },
      refused: () => (w) => assert.equal(journaled(w), 0, `refused transfer ${user}/${units}`),
      unknown: (w) => atMostOnce(`transfer ${user}/${units}`, journaled(w)),
    });
  },
};

/** External destinations with valid checksums, one per network the withdrawals use. */
const DESTINATIONS = [
  { network: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
  { network: 'ERC20', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
] as const;

/** withdraw-pay of USDT (the fee on top), a tenth of them below the network's minimum. */
export const withdrawal: RequestKind = {
  name: 'withdrawal',
  weight: 1,
  signed: true,
  send(ctx) {
    const uniqueId = ctx.unique('w');
    const user = ctx.actor.user;
    const destination = ctx.rng.pick(DESTINATIONS);
    const amount =
      ctx.rng.next() < 0.1 ? '1' : `${ctx.rng.int(10, 40)}.${String(ctx.rng.int(0, 999_999)).padStart(6, '0')}`;
    const journaled = (w: World): number =>
      w.count('RequestWithdrawal', (c) => c.user === user && c.uniqueId === uniqueId);
    const rows = (w: World): number => w.wallet.filter((r) => r.user === user && r.uniqueId === uniqueId).length;
    return judged(
      this.name,
      () => signed(ctx, '/api/v4/main-account/withdraw-pay', { ticker: 'USDT', amount, uniqueId, ...destination }),
      {
        acknowledged(answer) {
          assert.deepEqual([answer.status, answer.body], [201, []]);
          return (w) => {
            assert.equal(journaled(w), 1, `acknowledged withdrawal ${uniqueId} is journaled once`);
            assert.equal(rows(w), 1, `acknowledged withdrawal ${uniqueId} is in the wallet history once`);
          };
        },
        refused: () => (w) => {
          assert.equal(journaled(w), 0, `refused withdrawal ${uniqueId} is not journaled`);
          assert.equal(rows(w), 0, `refused withdrawal ${uniqueId} is not in the wallet history`);
        },
        unknown: (w) => atMostOnce(`withdrawal ${uniqueId}`, journaled(w), rows(w)),
      },
    );
  },
};

/** A read acknowledged before the crash showed a balance the journal really went through. */
export const balanceRead: RequestKind = {
  name: 'balance read',
  weight: 2,
  signed: true,
  send(ctx) {
    const user = ctx.actor.user;
    return judged(this.name, () => signed(ctx, '/api/v4/main-account/balance', { ticker: 'USDT' }), {
      acknowledged(answer) {
        const shown = parseUnits((answer.body as { USDT: { main_balance: string } }).USDT.main_balance, USDT_PRECISION);
        return (w) =>
          assert.ok(
            shown !== undefined && w.mainHistory(user, 'USDT').has(shown),
            `balance ${String(shown)} read by ${user} is one the journal went through`,
          );
      },
      refused: (answer) => assert.fail(`balance read refused: ${JSON.stringify(answer.body)}`),
      unknown: () => undefined,
    });
  },
};

/** Codes acknowledged as created, for other actors to apply (each is tried once). */
const openCodes: { readonly code: string; readonly creator: string; readonly url: string }[] = [];

/**
 * Codes: half of the time an actor applies a code another actor created (if one is waiting),
 * otherwise it creates one of a few cents, told apart in the journal by its unique description.
 */
export const code: RequestKind = {
  name: 'code',
  weight: 1,
  signed: true,
  send(ctx) {
    const user = ctx.actor.user;
    const index = openCodes.findIndex((c) => c.creator !== user && c.url === ctx.server.url);
    if (index >= 0 && ctx.rng.next() < 0.5) {
      const text = openCodes.splice(index, 1)[0]?.code ?? '';
      const journaled = (w: World): number => w.count('ApplyCode', (c) => c.user === user && c.code === text);
      return judged(this.name, () => signed(ctx, '/api/v4/main-account/codes/apply', { code: text }), {
        acknowledged(answer) {
          assert.equal(answer.status, 201);
          return (w) => assert.equal(journaled(w), 1, `acknowledged application of ${text} is journaled once`);
        },
        refused: () => (w) => assert.equal(journaled(w), 0, `refused application of ${text}`),
        unknown: (w) => atMostOnce(`application of ${text}`, journaled(w)),
      });
    }
    const description = ctx.unique('code');
    const amount = `0.${String(ctx.rng.int(1, 99)).padStart(2, '0')}`;
    const journaled = (w: World): number =>
      w.count('CreateCode', (c) => c.user === user && c.description === description);
    return judged(this.name, () => signed(ctx, '/api/v4/main-account/codes', { ticker: 'USDT', amount, description }), {
      acknowledged(answer) {
        assert.equal(answer.status, 201);
        openCodes.push({ code: (answer.body as { code: string }).code, creator: user, url: ctx.server.url });
        return (w) => assert.equal(journaled(w), 1, `acknowledged code ${description} is journaled once`);
      },
      refused: () => (w) => assert.equal(journaled(w), 0, `refused code ${description}`),
      unknown: (w) => atMostOnce(`code ${description}`, journaled(w)),
    });
  },
};
