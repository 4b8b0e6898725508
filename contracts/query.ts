// Query-string values shared by the contracts: an integer written in the URL, within bounds.
import { z } from 'zod';

export const queryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,10}$/, 'must be an integer')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
