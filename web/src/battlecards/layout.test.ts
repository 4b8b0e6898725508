import { describe, expect, it } from 'vitest';
import { columnsOf, deviceOf } from './layout.ts';

describe('battlecard layout', () => {
  it('stacks cards by default and on mobile', () => {
    expect(columnsOf(undefined, 'desktop')).toBe(1);
    expect(columnsOf('stacker', 'desktop')).toBe(1);
    expect(columnsOf('grid', 'mobile')).toBe(1);
    expect(columnsOf('grid', 'tablet')).toBe(2);
    expect(columnsOf('grid', 'desktop')).toBe(3);
  });

  it('reads the device layout from the URL, desktop by default', () => {
    expect(deviceOf('?layout=mobile')).toBe('mobile');
    expect(deviceOf('?layout=tablet')).toBe('tablet');
    expect(deviceOf('?layout=tv')).toBe('desktop');
    expect(deviceOf('')).toBe('desktop');
  });
});
