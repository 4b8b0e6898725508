import { useState } from 'react';

/**
 * The last non-null value: a drawer whose subject the URL has just cleared keeps showing it while it slides out,
 * instead of a skeleton or an empty panel.
 */
export function useHeldWhileClosing<T>(value: T | null): T | null {
  const [held, setHeld] = useState(value);
  if (value !== null && !Object.is(value, held)) setHeld(value);
  return value ?? held;
}
