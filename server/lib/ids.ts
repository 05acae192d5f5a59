import { randomBytes } from 'node:crypto';

let lastMs = -1;
let sequence = 0;

/**
 * UUIDv7 (RFC 9562): 48-bit millisecond timestamp, then randomness. Ids sort by creation time,
 * so "newest first" is an index scan on the primary key. Within one millisecond a 12-bit counter
 * keeps ids from one process strictly increasing.
 */
export function uuidv7(nowMs: number = Date.now()): string {
  if (nowMs === lastMs) {
    sequence = (sequence + 1) & 0xfff;
  } else {
    lastMs = nowMs;
    sequence = randomBytes(2).readUInt16BE(0) & 0x7ff; // leave headroom for the counter
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(nowMs, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
