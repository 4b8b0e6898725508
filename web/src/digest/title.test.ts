import { describe, expect, it } from 'vitest';
import { digestTitle } from './title.ts';

describe('digestTitle', () => {
  it('fills every {date} with the day, and leaves a title without it alone', () => {
    const day = new Date(2026, 10, 25);
    expect(digestTitle('Digest · {date}', day)).toBe('Digest · November 25, 2026');
    expect(digestTitle('{date} / {date}', day)).toBe('November 25, 2026 / November 25, 2026');
    expect(digestTitle('Weekly roundup', day)).toBe('Weekly roundup');
  });
});
