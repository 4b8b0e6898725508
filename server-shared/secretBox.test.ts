import { describe, expect, it } from 'vitest';
import { SecretBox } from './secretBox.ts';

describe('SecretBox', () => {
  const box = new SecretBox('a key of at least thirty-two characters');

  it('opens what it sealed, and seals the same text differently each time', () => {
    const a = box.seal('client-secret');
    expect(a).not.toContain('client-secret');
    expect(box.open(a)).toBe('client-secret');
    expect(box.seal('client-secret')).not.toBe(a);
  });

  it('refuses a value sealed under another key or altered', () => {
    const sealed = box.seal('client-secret');
    expect(() => new SecretBox('another key of at least thirty-two characters').open(sealed)).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1] ^= 1;
    expect(() => box.open(`v1:${raw.toString('base64url')}`)).toThrow();
    expect(() => box.open('plain')).toThrow('not a sealed secret');
  });
});
