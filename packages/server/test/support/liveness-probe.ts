import { get } from 'node:http';

/**
 * Longer than the moment an engine node's port is let go between its two listeners (the standby's
 * and the venue's, either way); far shorter than the venue takes to open or to close.
 */
export const PORT_HANDOVER_MS = 60;

/** Whether `/health/live` answers 200 on a connection of its own (a kept-alive one would outlive its listener). */
function alive(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    get(`${url}/health/live`, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    }).on('error', () => resolve(false));
  });
}

/**
 * Probes `/health/live` at `url` over and over while `during` runs, and gives the longest time it went
 * unanswered: from a failed probe's end (a probe the closing listener held and then reset failed when
 * it was reset, not when it was sent) to the next answered probe's start.
 */
export async function longestUnanswered(url: string, during: () => Promise<void>): Promise<number> {
  let probing = true;
  let longest = 0;
  const probe = (async () => {
    let failedSince: number | undefined;
    while (probing) {
      const sent = performance.now();
      if (await alive(url)) {
        if (failedSince !== undefined) longest = Math.max(longest, sent - failedSince);
        failedSince = undefined;
      } else failedSince ??= performance.now();
    }
    if (failedSince !== undefined) longest = Math.max(longest, performance.now() - failedSince);
  })();
  try {
    await during();
  } finally {
    probing = false;
    await probe;
  }
  return longest;
}
