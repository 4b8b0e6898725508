import { describe, expect, it } from 'vitest';

describe('zod configuration', () => {
  it('is read by zod from the global the app sets before zod loads', async () => {
    await import('./zodConfig.ts');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
