import { createHmac } from 'node:crypto';

export interface RawResult {
  readonly status: number;
  readonly body: unknown;
  readonly contentType: string | null;
}

export interface RawPost {
  /** The HTTP body text. */
  readonly body?: string;
  /** The text signed and sent as X-TXC-PAYLOAD (base64-encoded here); defaults to the body. */
  readonly payload?: string;
  readonly apiKey?: string;
  readonly secret?: string;
  /** Replaces the computed signature. */
  readonly signature?: string;
  readonly headers?: Record<string, string>;
  readonly contentType?: string | null;
  readonly omit?: readonly ('apikey' | 'payload' | 'signature')[];
}

/** A private POST built by hand, so that tests can break any part of the V4 signature on purpose. */
export async function rawPost(baseUrl: string, path: string, r: RawPost): Promise<RawResult> {
  const body = r.body ?? '';
  const payload = Buffer.from(r.payload ?? body, 'utf8').toString('base64');
  const signature =
    r.signature ??
    createHmac('sha512', r.secret ?? '')
      .update(payload)
      .digest('hex');
  const headers: Record<string, string> = { ...r.headers };
  if (r.contentType !== null) headers['content-type'] = r.contentType ?? 'application/json';
  const omit = new Set(r.omit ?? []);
  if (!omit.has('apikey') && r.apiKey !== undefined) headers['X-TXC-APIKEY'] = r.apiKey;
  if (!omit.has('payload')) headers['X-TXC-PAYLOAD'] = payload;
  if (!omit.has('signature')) headers['X-TXC-SIGNATURE'] = signature;
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body });
  return decode(response);
}

export async function rawGet(baseUrl: string, path: string): Promise<RawResult> {
  return decode(await fetch(`${baseUrl}${path}`));
}

async function decode(response: Response): Promise<RawResult> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    // kept as text
  }
  return { status: response.status, body, contentType: response.headers.get('content-type') };
}
