/** One answer a client received. */
export interface Exchange {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly body: unknown;
}

/** A `fetch` that keeps every answer it passes on, for checks after a scenario ran. */
export function recordingFetch(log: Exchange[]): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const text = await response.clone().text();
    const url = new URL(input instanceof Request ? input.url : String(input));
    log.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      status: response.status,
      body: text === '' ? null : (JSON.parse(text) as unknown),
    });
    return response;
  };
}
