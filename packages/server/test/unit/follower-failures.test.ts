import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { followerFailures } from '../../src/cluster/follower-failures.js';

describe("a journal follower's failures in the log", () => {
  it('the first with its error, then one line a period while they go on, counting the others', async () => {
    const lines: { msg: string; err?: { message: string }; failedSince?: number }[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line) as never) });
    const failed = followerFailures(log, 200);
    for (let i = 0; i < 5; i++) failed(new Error(`connection refused ${i}`));
    await sleep(250);
    failed(new Error('connection refused 5'));
    assert.deepEqual(
      lines.map((l) => [l.msg, l.err?.message, l.failedSince]),
      [
        ['following the journal failed; retrying', 'connection refused 0', undefined],
        ['following the journal failed; retrying', 'connection refused 5', 4],
      ],
    );
  });
});
