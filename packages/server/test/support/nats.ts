import { connect } from 'node:net';

/** Where the test NATS server is: TXC_TEST_NATS_URL, or the machine's own on 127.0.0.1:4222. */
export const TEST_NATS_URL = process.env.TXC_TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
const REQUIRED = process.env.TXC_REQUIRE_NATS === '1';

function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 4222), timeout: 2_000 });
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/** Whether cluster tests run: always under TXC_REQUIRE_NATS=1 (CI), otherwise when a NATS server answers. */
export async function natsSkipReason(): Promise<string | undefined> {
  if (REQUIRED) return undefined;
  return (await answers(TEST_NATS_URL))
    ? undefined
    : `no NATS at ${TEST_NATS_URL} (set TXC_REQUIRE_NATS=1 to make this a failure)`;
}
