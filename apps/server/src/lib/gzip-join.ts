import { crc32, deflateRawSync } from 'node:zlib';

/** A gzip member's header: deflate, no flags, no time, no extra flags, OS unknown (RFC 1952). */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The most a stored block holds (RFC 1951 §3.2.4). */
const STORED_MAX = 0xffff;

/** Bytes sent after a short part that differs each time, deflated once. */
export interface DeflatedTail {
  bytes: Buffer;
  deflated: Buffer;
}

export const deflatedTail = (bytes: Buffer): DeflatedTail => ({
  bytes,
  deflated: deflateRawSync(bytes),
});

/**
 * head + tail as one gzip member, compressing nothing again: the head goes out in a stored block,
 * then the tail's own deflate stream. That stream stays valid after any prefix, as its
 * back-references reach only into itself and a stored block ends on a byte boundary. Only the
 * checksum reads the tail, at a few µs against tens for compressing it anew.
 */
export function gzipJoined(head: Buffer, tail: DeflatedTail): Buffer {
  if (head.length > STORED_MAX) throw new RangeError('gzipJoined: the head is over 64 KiB');
  const out = Buffer.allocUnsafe(HEADER.length + 5 + head.length + tail.deflated.length + 8);
  let at = HEADER.copy(out, 0);
  // BFINAL 0 and BTYPE 00 (stored) in the low bits, the rest of the byte padding.
  out[at++] = 0;
  at = out.writeUInt16LE(head.length, at);
  at = out.writeUInt16LE(~head.length & 0xffff, at);
  at += head.copy(out, at);
  at += tail.deflated.copy(out, at);
  at = out.writeUInt32LE(crc32(tail.bytes, crc32(head)), at);
  out.writeUInt32LE((head.length + tail.bytes.length) % 2 ** 32, at);
  return out;
}
