import assert from 'node:assert/strict';
import type { RequestKind } from './sent.js';
import { admin, sign, send } from './traffic.js';

export const createUser: RequestKind = {
  name: 'create user',
  weight: 1,
  signed: false,
  async send(ctx) {
    const name = ctx.unique('u');
    const answer = await admin(ctx.server, 'POST', '/admin/v1/users', { name });
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    return {
      kind: this.name,
      outcome: 'acknowledged',
      verify: (w) => assert.ok(w.state.users.has(name), `acknowledged user ${name} exists`),
    };
  },
};

export const createKey: RequestKind = {
  name: 'create API key',
  weight: 1,
  signed: false,
  async send(ctx) {
    const answer = await admin(ctx.server, 'POST', `/admin/v1/users/${ctx.actor.user}/api-keys`, {
      permissions: ['main-account'],
    });
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    const { apiKey, apiSecret } = answer.body as { apiKey: string; apiSecret: string };
    return {
      kind: this.name,
      outcome: 'acknowledged',
      async verify(_w, server) {
        const probe = { user: ctx.actor.user, apiKey, apiSecret, nonce: Date.now(), transfers: 0, open: [] };
        const read = await send(server, sign(probe, '/api/v4/main-account/balance', { ticker: 'USDT' }));
        assert.equal(read.status, 200, `acknowledged key ${apiKey} authenticates after the crash`);
      },
    };
  },
};
