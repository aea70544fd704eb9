import { tcpAnswers } from './ports.js';

/** Where the test Redis is: TXC_TEST_REDIS_URL, or the machine's own on 127.0.0.1:6379. */
export const TEST_REDIS_URL = process.env.TXC_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REQUIRED = process.env.TXC_REQUIRE_REDIS === '1';

/** Whether tests of gateways sharing limits run: always under TXC_REQUIRE_REDIS=1 (CI), otherwise when Redis answers. */
export async function redisSkipReason(): Promise<string | undefined> {
  if (REQUIRED) return undefined;
  const { hostname, port } = new URL(TEST_REDIS_URL);
  const answers = await tcpAnswers(hostname, Number(port || 6379));
  return answers ? undefined : `no Redis at ${TEST_REDIS_URL} (set TXC_REQUIRE_REDIS=1 to make this a failure)`;
}
