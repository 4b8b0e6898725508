import { describe, expect, it } from 'vitest';
import { Checksum, checksum } from './checksum.ts';

describe('checksum', () => {
  it('is the same over a file written piece by piece, empty pieces of any array type included', () => {
    const whole = Buffer.from('rivalscope snapshot bytes');
    const c = new Checksum().update(whole.subarray(0, 5));
    // Views of empty buffers (an empty column) have no data pointer at all.
    c.update(new Uint8Array(new Float64Array(0).buffer)).update(new Uint8Array(0)).update(whole.subarray(5));
    expect(c.digest()).toBe(checksum(whole));
    expect(checksum(whole)).toMatch(/^[0-9a-f]{8}$/);
    expect(checksum(whole)).not.toBe(checksum(Buffer.from('rivalscope snapshot byteS')));
  });
});
