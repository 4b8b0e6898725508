import { describe, expect, it } from 'vitest';
import { pickedDaysFormatter } from './datePicker.ts';

describe('picked days', () => {
  const base = { locale: 'en', format: 'MMMM D, YYYY', labelSeparator: '–' };
  it('writes a day and a range in the reader’s language', () => {
    const en = pickedDaysFormatter('en');
    expect(en({ ...base, type: 'default', date: '2026-11-02' })).toBe('November 2, 2026');
    expect(en({ ...base, type: 'range', date: ['2026-11-02', '2026-11-05 00:00:00'] })).toBe('November 2, 2026 – November 5, 2026');
    const de = pickedDaysFormatter('de', { day: 'numeric', month: 'short', year: 'numeric' });
    expect(de({ ...base, type: 'range', date: ['2026-03-02', '2026-12-05'] })).toBe('2. März 2026 – 5. Dez. 2026');
    expect(de({ ...base, type: 'range', date: ['2026-03-02', null] })).toBe('2. März 2026 – ');
    expect(pickedDaysFormatter('de')({ ...base, type: 'default', date: '2026-11-02' })).toBe('2. November 2026');
  });
  it('writes nothing for no day', () => {
    expect(pickedDaysFormatter('de')({ ...base, type: 'default', date: null })).toBe('');
    expect(pickedDaysFormatter('de')({ ...base, type: 'range', date: [null, null] })).toBe('');
  });
});
