import type { ErrorName } from '@txc/sdk';

/** Endpoints of the main-account family, whose throttle speaks Laravel's words (reference §3.2). */
const MAIN_ACCOUNT = '/api/v4/main-account/';

/** What a private request over its rate limit is answered, by the path of its endpoint. */
export function throttledAnswer(path: string): ErrorName {
  return path.startsWith(MAIN_ACCOUNT) ? 'mainAccountThrottled' : 'privateRateLimited';
}
