import type { TValue } from './batch';

/**
 * The first 64 bits of the MD5 of one row's canonical text, computed in Node exactly as
 * `md5()` / `MD5()` compute them inside PostgreSQL, MariaDB and DuckDB (checksum.ts,
 * checksum-sql.ts). The canonical text is each value as text (numbers as JavaScript
 * prints them, NULL as U+2400), each followed by U+001F, encoded as UTF-8 (a lone
 * surrogate as U+FFFD, as Node encodes it for the database).
 *
 * Written out here rather than through node:crypto because a hash object per row costs
 * several times the hashing itself (measured: 1M orders rows, about four times as long);
 * the rounds are MD5's own (RFC 1321), over one reused buffer.
 */

const NULL_BYTES = [0xe2, 0x90, 0x80]; // U+2400, UTF-8
const SEPARATOR = 0x1f;

// MD5 reads little-endian words; the buffer is read through the platform's own order.
if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) {
  throw new Error('row-md5: a big-endian platform needs byte-order conversion here');
}

let bytes = new Uint8Array(4096);
let words = new Int32Array(bytes.buffer);

/** Room for `needed` more bytes after `used`, plus MD5's padding. */
const reserve = (used: number, needed: number) => {
  if (used + needed + 72 <= bytes.length) {
    return;
  }
  // A whole number of 64-byte blocks, so the words view covers it exactly.
  const size = Math.max(bytes.length * 2, used + needed + 72 + 4096);
  const grown = new Uint8Array(Math.ceil(size / 64) * 64);
  grown.set(bytes.subarray(0, used));
  bytes = grown;
  words = new Int32Array(bytes.buffer);
};

/** Writes text as UTF-8 at `at`; returns the end. */
const putText = (text: string, at: number) => {
  // A UTF-16 code unit takes at most three bytes (a surrogate pair four for two units).
  reserve(at, text.length * 3 + 1);
  let pos = at;
  for (let index = 0; index < text.length; index += 1) {
    let code = text.charCodeAt(index);
    if (code < 0x80) {
      bytes[pos++] = code;
      continue;
    }
    if (code < 0x800) {
      bytes[pos++] = 0xc0 | (code >> 6);
      bytes[pos++] = 0x80 | (code & 63);
      continue;
    }
    if (code >= 0xd800 && code < 0xe000) {
      const next = text.charCodeAt(index + 1);
      if (code < 0xdc00 && next >= 0xdc00 && next < 0xe000) {
        index += 1;
        const point = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
        bytes[pos++] = 0xf0 | (point >> 18);
        bytes[pos++] = 0x80 | ((point >> 12) & 63);
        bytes[pos++] = 0x80 | ((point >> 6) & 63);
        bytes[pos++] = 0x80 | (point & 63);
        continue;
      }
      code = 0xfffd;
    }
    bytes[pos++] = 0xe0 | (code >> 12);
    bytes[pos++] = 0x80 | ((code >> 6) & 63);
    bytes[pos++] = 0x80 | (code & 63);
  }
  return pos;
};

/** The row's canonical text into the buffer; returns its length in bytes. */
const putRow = (values: readonly (TValue | undefined)[]) => {
  let pos = 0;
  for (const value of values) {
    if (value === null || value === undefined) {
      reserve(pos, 4);
      bytes[pos++] = NULL_BYTES[0]!;
      bytes[pos++] = NULL_BYTES[1]!;
      bytes[pos++] = NULL_BYTES[2]!;
    } else {
      pos = putText(typeof value === 'string' ? value : String(value), pos);
    }
    bytes[pos++] = SEPARATOR;
  }
  return pos;
};

/** The two 32-bit halves of the digest's first 8 bytes (big-endian, as its hex reads). */
export type TRowHash = { high: number; low: number };

const swap = (word: number) =>
  (((word & 255) << 24) |
    (((word >>> 8) & 255) << 16) |
    (((word >>> 16) & 255) << 8) |
    (word >>> 24)) >>>
  0;

/** MD5 of the buffer's first `length` bytes; pads in place (reserve leaves the room). */
const md5 = (length: number, out: TRowHash) => {
  const total = (((length + 8) >>> 6) + 1) << 6;
  bytes[length] = 0x80;
  bytes.fill(0, length + 1, total - 8);
  const bits = length * 8;
  words[(total >>> 2) - 2] = bits | 0;
  words[(total >>> 2) - 1] = Math.floor(bits / 0x100000000) | 0;
  let a0 = 0x67452301;
  let b0 = 0xefcdab89 | 0;
  let c0 = 0x98badcfe | 0;
  let d0 = 0x10325476;
  for (let block = 0; block < total >>> 2; block += 16) {
    const x0 = words[block]!,
      x1 = words[block + 1]!,
      x2 = words[block + 2]!,
      x3 = words[block + 3]!;
    const x4 = words[block + 4]!,
      x5 = words[block + 5]!,
      x6 = words[block + 6]!,
      x7 = words[block + 7]!;
    const x8 = words[block + 8]!,
      x9 = words[block + 9]!,
      x10 = words[block + 10]!,
      x11 = words[block + 11]!;
    const x12 = words[block + 12]!,
      x13 = words[block + 13]!,
      x14 = words[block + 14]!,
      x15 = words[block + 15]!;
    let a = a0,
      b = b0,
      c = c0,
      d = d0,
      t: number;
    // Round 1
    t = (a + ((b & c) | (~b & d)) + 0xd76aa478 + x0) | 0;
    a = (b + ((t << 7) | (t >>> 25))) | 0;
    t = (d + ((a & b) | (~a & c)) + 0xe8c7b756 + x1) | 0;
    d = (a + ((t << 12) | (t >>> 20))) | 0;
    t = (c + ((d & a) | (~d & b)) + 0x242070db + x2) | 0;
    c = (d + ((t << 17) | (t >>> 15))) | 0;
    t = (b + ((c & d) | (~c & a)) + 0xc1bdceee + x3) | 0;
    b = (c + ((t << 22) | (t >>> 10))) | 0;
    t = (a + ((b & c) | (~b & d)) + 0xf57c0faf + x4) | 0;
    a = (b + ((t << 7) | (t >>> 25))) | 0;
    t = (d + ((a & b) | (~a & c)) + 0x4787c62a + x5) | 0;
    d = (a + ((t << 12) | (t >>> 20))) | 0;
    t = (c + ((d & a) | (~d & b)) + 0xa8304613 + x6) | 0;
    c = (d + ((t << 17) | (t >>> 15))) | 0;
    t = (b + ((c & d) | (~c & a)) + 0xfd469501 + x7) | 0;
    b = (c + ((t << 22) | (t >>> 10))) | 0;
    t = (a + ((b & c) | (~b & d)) + 0x698098d8 + x8) | 0;
    a = (b + ((t << 7) | (t >>> 25))) | 0;
    t = (d + ((a & b) | (~a & c)) + 0x8b44f7af + x9) | 0;
    d = (a + ((t << 12) | (t >>> 20))) | 0;
    t = (c + ((d & a) | (~d & b)) + 0xffff5bb1 + x10) | 0;
    c = (d + ((t << 17) | (t >>> 15))) | 0;
    t = (b + ((c & d) | (~c & a)) + 0x895cd7be + x11) | 0;
    b = (c + ((t << 22) | (t >>> 10))) | 0;
    t = (a + ((b & c) | (~b & d)) + 0x6b901122 + x12) | 0;
    a = (b + ((t << 7) | (t >>> 25))) | 0;
    t = (d + ((a & b) | (~a & c)) + 0xfd987193 + x13) | 0;
    d = (a + ((t << 12) | (t >>> 20))) | 0;
    t = (c + ((d & a) | (~d & b)) + 0xa679438e + x14) | 0;
    c = (d + ((t << 17) | (t >>> 15))) | 0;
    t = (b + ((c & d) | (~c & a)) + 0x49b40821 + x15) | 0;
    b = (c + ((t << 22) | (t >>> 10))) | 0;
    // Round 2
    t = (a + ((d & b) | (~d & c)) + 0xf61e2562 + x1) | 0;
    a = (b + ((t << 5) | (t >>> 27))) | 0;
    t = (d + ((c & a) | (~c & b)) + 0xc040b340 + x6) | 0;
    d = (a + ((t << 9) | (t >>> 23))) | 0;
    t = (c + ((b & d) | (~b & a)) + 0x265e5a51 + x11) | 0;
    c = (d + ((t << 14) | (t >>> 18))) | 0;
    t = (b + ((a & c) | (~a & d)) + 0xe9b6c7aa + x0) | 0;
    b = (c + ((t << 20) | (t >>> 12))) | 0;
    t = (a + ((d & b) | (~d & c)) + 0xd62f105d + x5) | 0;
    a = (b + ((t << 5) | (t >>> 27))) | 0;
    t = (d + ((c & a) | (~c & b)) + 0x02441453 + x10) | 0;
    d = (a + ((t << 9) | (t >>> 23))) | 0;
    t = (c + ((b & d) | (~b & a)) + 0xd8a1e681 + x15) | 0;
    c = (d + ((t << 14) | (t >>> 18))) | 0;
    t = (b + ((a & c) | (~a & d)) + 0xe7d3fbc8 + x4) | 0;
    b = (c + ((t << 20) | (t >>> 12))) | 0;
    t = (a + ((d & b) | (~d & c)) + 0x21e1cde6 + x9) | 0;
    a = (b + ((t << 5) | (t >>> 27))) | 0;
    t = (d + ((c & a) | (~c & b)) + 0xc33707d6 + x14) | 0;
    d = (a + ((t << 9) | (t >>> 23))) | 0;
    t = (c + ((b & d) | (~b & a)) + 0xf4d50d87 + x3) | 0;
    c = (d + ((t << 14) | (t >>> 18))) | 0;
    t = (b + ((a & c) | (~a & d)) + 0x455a14ed + x8) | 0;
    b = (c + ((t << 20) | (t >>> 12))) | 0;
    t = (a + ((d & b) | (~d & c)) + 0xa9e3e905 + x13) | 0;
    a = (b + ((t << 5) | (t >>> 27))) | 0;
    t = (d + ((c & a) | (~c & b)) + 0xfcefa3f8 + x2) | 0;
    d = (a + ((t << 9) | (t >>> 23))) | 0;
    t = (c + ((b & d) | (~b & a)) + 0x676f02d9 + x7) | 0;
    c = (d + ((t << 14) | (t >>> 18))) | 0;
    t = (b + ((a & c) | (~a & d)) + 0x8d2a4c8a + x12) | 0;
    b = (c + ((t << 20) | (t >>> 12))) | 0;
    // Round 3
    t = (a + (b ^ c ^ d) + 0xfffa3942 + x5) | 0;
    a = (b + ((t << 4) | (t >>> 28))) | 0;
    t = (d + (a ^ b ^ c) + 0x8771f681 + x8) | 0;
    d = (a + ((t << 11) | (t >>> 21))) | 0;
    t = (c + (d ^ a ^ b) + 0x6d9d6122 + x11) | 0;
    c = (d + ((t << 16) | (t >>> 16))) | 0;
    t = (b + (c ^ d ^ a) + 0xfde5380c + x14) | 0;
    b = (c + ((t << 23) | (t >>> 9))) | 0;
    t = (a + (b ^ c ^ d) + 0xa4beea44 + x1) | 0;
    a = (b + ((t << 4) | (t >>> 28))) | 0;
    t = (d + (a ^ b ^ c) + 0x4bdecfa9 + x4) | 0;
    d = (a + ((t << 11) | (t >>> 21))) | 0;
    t = (c + (d ^ a ^ b) + 0xf6bb4b60 + x7) | 0;
    c = (d + ((t << 16) | (t >>> 16))) | 0;
    t = (b + (c ^ d ^ a) + 0xbebfbc70 + x10) | 0;
    b = (c + ((t << 23) | (t >>> 9))) | 0;
    t = (a + (b ^ c ^ d) + 0x289b7ec6 + x13) | 0;
    a = (b + ((t << 4) | (t >>> 28))) | 0;
    t = (d + (a ^ b ^ c) + 0xeaa127fa + x0) | 0;
    d = (a + ((t << 11) | (t >>> 21))) | 0;
    t = (c + (d ^ a ^ b) + 0xd4ef3085 + x3) | 0;
    c = (d + ((t << 16) | (t >>> 16))) | 0;
    t = (b + (c ^ d ^ a) + 0x04881d05 + x6) | 0;
    b = (c + ((t << 23) | (t >>> 9))) | 0;
    t = (a + (b ^ c ^ d) + 0xd9d4d039 + x9) | 0;
    a = (b + ((t << 4) | (t >>> 28))) | 0;
    t = (d + (a ^ b ^ c) + 0xe6db99e5 + x12) | 0;
    d = (a + ((t << 11) | (t >>> 21))) | 0;
    t = (c + (d ^ a ^ b) + 0x1fa27cf8 + x15) | 0;
    c = (d + ((t << 16) | (t >>> 16))) | 0;
    t = (b + (c ^ d ^ a) + 0xc4ac5665 + x2) | 0;
    b = (c + ((t << 23) | (t >>> 9))) | 0;
    // Round 4
    t = (a + (c ^ (b | ~d)) + 0xf4292244 + x0) | 0;
    a = (b + ((t << 6) | (t >>> 26))) | 0;
    t = (d + (b ^ (a | ~c)) + 0x432aff97 + x7) | 0;
    d = (a + ((t << 10) | (t >>> 22))) | 0;
    t = (c + (a ^ (d | ~b)) + 0xab9423a7 + x14) | 0;
    c = (d + ((t << 15) | (t >>> 17))) | 0;
    t = (b + (d ^ (c | ~a)) + 0xfc93a039 + x5) | 0;
    b = (c + ((t << 21) | (t >>> 11))) | 0;
    t = (a + (c ^ (b | ~d)) + 0x655b59c3 + x12) | 0;
    a = (b + ((t << 6) | (t >>> 26))) | 0;
    t = (d + (b ^ (a | ~c)) + 0x8f0ccc92 + x3) | 0;
    d = (a + ((t << 10) | (t >>> 22))) | 0;
    t = (c + (a ^ (d | ~b)) + 0xffeff47d + x10) | 0;
    c = (d + ((t << 15) | (t >>> 17))) | 0;
    t = (b + (d ^ (c | ~a)) + 0x85845dd1 + x1) | 0;
    b = (c + ((t << 21) | (t >>> 11))) | 0;
    t = (a + (c ^ (b | ~d)) + 0x6fa87e4f + x8) | 0;
    a = (b + ((t << 6) | (t >>> 26))) | 0;
    t = (d + (b ^ (a | ~c)) + 0xfe2ce6e0 + x15) | 0;
    d = (a + ((t << 10) | (t >>> 22))) | 0;
    t = (c + (a ^ (d | ~b)) + 0xa3014314 + x6) | 0;
    c = (d + ((t << 15) | (t >>> 17))) | 0;
    t = (b + (d ^ (c | ~a)) + 0x4e0811a1 + x13) | 0;
    b = (c + ((t << 21) | (t >>> 11))) | 0;
    t = (a + (c ^ (b | ~d)) + 0xf7537e82 + x4) | 0;
    a = (b + ((t << 6) | (t >>> 26))) | 0;
    t = (d + (b ^ (a | ~c)) + 0xbd3af235 + x11) | 0;
    d = (a + ((t << 10) | (t >>> 22))) | 0;
    t = (c + (a ^ (d | ~b)) + 0x2ad7d2bb + x2) | 0;
    c = (d + ((t << 15) | (t >>> 17))) | 0;
    t = (b + (d ^ (c | ~a)) + 0xeb86d391 + x9) | 0;
    b = (c + ((t << 21) | (t >>> 11))) | 0;
    a0 = (a0 + a) | 0;
    b0 = (b0 + b) | 0;
    c0 = (c0 + c) | 0;
    d0 = (d0 + d) | 0;
  }
  out.high = swap(a0);
  out.low = swap(b0);
};

/** Hashes one row (values in the destination's canonical form, see coerceBatch) into out. */
export const hashRow = (values: readonly (TValue | undefined)[], out: TRowHash) => {
  md5(putRow(values), out);
};
