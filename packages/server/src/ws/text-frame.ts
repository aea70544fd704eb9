/**
 * A text frame as the server puts it on the wire (RFC 6455 §5.2: FIN, opcode 1, unmasked, the
 * payload's length in 7, 16 or 64 bits), encoded once: an update sent to many sockets is encoded and
 * framed once, and the same bytes are written to each of them.
 */
export class TextFrame {
  private encoded: Buffer | undefined;

  constructor(readonly text: string) {}

  /** The frame's bytes, built on first use (a frame nobody receives costs nothing). */
  get bytes(): Buffer {
    this.encoded ??= textFrameBytes(this.text);
    return this.encoded;
  }
}

/** Lengths up to this fit the header's 7 bits; 126 and 127 announce a 16- or 64-bit length. */
const SHORT_MAX = 125;
const MEDIUM_MAX = 0xffff;

/** The bytes of one unmasked text frame carrying `text`. */
export function textFrameBytes(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const head = length <= SHORT_MAX ? 2 : length <= MEDIUM_MAX ? 4 : 10;
  const bytes = Buffer.allocUnsafe(head + length);
  bytes[0] = 0x81;
  if (head === 2) bytes[1] = length;
  else if (head === 4) {
    bytes[1] = 126;
    bytes.writeUInt16BE(length, 2);
  } else {
    bytes[1] = 127;
    bytes.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    bytes.writeUInt32BE(length >>> 0, 6);
  }
  bytes.write(text, head, 'utf8');
  return bytes;
}
