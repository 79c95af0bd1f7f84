import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflatedTail, gzipJoined } from './gzip-join.ts';

describe('gzipJoined', () => {
  const tail = Buffer.from(`"response":"${'Gravity pulls — गुरुत्वाकर्षण. '.repeat(200)}"}`);

  it('gunzips, checksum and length checked, to the head and the tail joined', () => {
    const deflated = deflatedTail(tail);
    for (const head of ['', '{', '{"explanationId":"0195c0de-0000-7000-8000-000000000000",']) {
      const bytes = Buffer.from(head);
      expect(gunzipSync(gzipJoined(bytes, deflated))).toEqual(Buffer.concat([bytes, tail]));
    }
    expect(deflated.deflated.length).toBeLessThan(tail.length / 5);
  });

  it('keeps a tail that does not compress, and the longest head a stored block holds', () => {
    const noise = randomBytes(70_000);
    const head = randomBytes(0xffff);
    expect(gunzipSync(gzipJoined(head, deflatedTail(noise)))).toEqual(Buffer.concat([head, noise]));
    expect(() => gzipJoined(Buffer.alloc(0x10000), deflatedTail(noise))).toThrow(RangeError);
  });
});
