import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { codeBlocks, runSnippet, typecheckSnippets } from '../support/doc-snippets.js';
import { TestServer } from '../support/test-server.js';

/** The SDK's README, every TypeScript block in order, run as one program against the demo venue. */
describe("the SDK README's examples run", () => {
  let server: TestServer;
  let env: Record<string, string>;

  before(async () => {
    server = await TestServer.start({ demo: true });
    const { apiKey, apiSecret } = await server.user('reader', { deposits: { USDT: '10000', BTC: '1' } });
    env = { TXC_API_KEY: apiKey, TXC_API_SECRET: apiSecret };
  });
  after(() => server.stop());

  it('one block per group of endpoints, all of them succeeding', async () => {
    const blocks = codeBlocks('packages/sdk/README.md', 'ts');
    assert.ok(blocks.length >= 8);
    const out = await runSnippet(blocks.join('\n'), { url: server.url, ext: 'mts', env });
    const lines = out.trim().split('\n');
    assert.match(lines.find((l) => l.startsWith('[ ') && l.includes("'pong'")) ?? '', /'pong'/);
    assert.ok(
      lines.some((l) => /^\d+ NEW 0\.01$/.test(l)),
      out,
    );
    assert.ok(lines.includes('lte 0'), out);
    assert.ok(lines.includes('FILLED 55000 0.01 55000 20'), out); // a protected perpetual long
    assert.ok(
      lines.some((l) => /^BTC_PERP 0\.0001 [0-9]{13} \[\]$/.test(l)),
      out,
    );
    assert.ok(lines.includes('3 CANCELLED'), out);
    assert.ok(lines.includes('true'), out); // a withdrawal to one's own deposit address is refused
    assert.ok(
      lines.some((l) => l.startsWith("400 10 Inner validation failed { amount: [ 'Not enough balance.' ] }")),
      out,
    );
    assert.ok(
      lines.some((l) => l.startsWith('orderValidation [')),
      out,
    );
    assert.ok(lines.includes("[ 'X-TXC-APIKEY', 'X-TXC-PAYLOAD', 'X-TXC-SIGNATURE' ]"), out);
    assert.ok(lines.includes('pushed watched 0.001'), out); // the stream's push of an order placed through REST
    assert.ok(lines.includes('BTC_USDT snapshot 5'), out);
    assert.ok(lines.includes('failed GET /api/v4/public/ping'), out);
    // a port nothing listens on: the connection refused, not a port fetch will not even try
    assert.ok(lines.includes('GET /api/v4/public/ping: no answer (connect ECONNREFUSED 127.0.0.1:59999)'), out);
  });

  it('the TypeScript of the README and of the bots quick start type-checks', async () => {
    const complaints = await typecheckSnippets({
      readme: codeBlocks('packages/sdk/README.md', 'ts').join('\n'),
      quickstart: codeBlocks('docs/quickstart-bots.md', 'ts').join('\n'),
    });
    assert.equal(complaints, '');
  });
});
