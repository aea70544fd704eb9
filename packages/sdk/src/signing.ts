/**
 * The V4 signature: the JSON body, base64-encoded, is sent as X-TXC-PAYLOAD; X-TXC-SIGNATURE is
 * the lowercase hex HMAC-SHA512 of that base64 *text*, keyed with the API secret.
 * Web Crypto only, so the SDK runs in Node and in browsers alike.
 */

export const HEADER_APIKEY = 'X-TXC-APIKEY';
export const HEADER_PAYLOAD = 'X-TXC-PAYLOAD';
export const HEADER_SIGNATURE = 'X-TXC-SIGNATURE';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function b64(sextet: number): string {
  return B64.charAt(sextet & 63);
}

/** Standard base64, with padding, of the UTF-8 bytes of a text. */
export function base64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    out += b64(n >> 18) + b64(n >> 12) + b64(n >> 6) + b64(n);
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = (bytes[i] as number) << 16;
    out += `${b64(n >> 18)}${b64(n >> 12)}==`;
  } else if (rest === 2) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8);
    out += `${b64(n >> 18)}${b64(n >> 12)}${b64(n >> 6)}=`;
  }
  return out;
}

function hex(bytes: ArrayBuffer): string {
  let out = '';
  for (const b of new Uint8Array(bytes)) out += b.toString(16).padStart(2, '0');
  return out;
}

type HmacKey = Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>;

/** Signs payloads with one secret; the imported key is reused across requests. */
export class Signer {
  private readonly key: Promise<HmacKey>;

  constructor(secret: string) {
    this.key = globalThis.crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-512' },
      false,
      ['sign'],
    );
  }

  async sign(payloadBase64: string): Promise<string> {
    const signature = await globalThis.crypto.subtle.sign(
      'HMAC',
      await this.key,
      new TextEncoder().encode(payloadBase64),
    );
    return hex(signature);
  }

  /** The three auth headers for a JSON body text. */
  async headers(apiKey: string, bodyText: string): Promise<Record<string, string>> {
    const payload = base64Utf8(bodyText);
    return { [HEADER_APIKEY]: apiKey, [HEADER_PAYLOAD]: payload, [HEADER_SIGNATURE]: await this.sign(payload) };
  }
}
