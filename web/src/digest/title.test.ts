import { describe, expect, it } from 'vitest';
import { digestTitle } from './title.ts';

describe('digestTitle', () => {
  it('fills every {date} with the day, and leaves a title without it alone', () => {
    const day = new Date(2026, 10, 25);
    expect(digestTitle('Digest · {date}', day, 'en')).toBe('Digest · November 25, 2026');
    expect(digestTitle('{date} / {date}', day, 'en')).toBe('November 25, 2026 / November 25, 2026');
    expect(digestTitle('Weekly roundup', day, 'en')).toBe('Weekly roundup');
  });
  it('writes the day in the reader’s language', () => {
    expect(digestTitle('Digest · {date}', new Date(2026, 2, 5), 'de')).toBe('Digest · 5. März 2026');
  });
});
