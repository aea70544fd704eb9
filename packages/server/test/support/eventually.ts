import assert from 'node:assert/strict';

/** Waits until `check` holds, polling, and fails naming `what` after `ms`. */
export async function eventually(what: string, check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`${what} did not happen`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
