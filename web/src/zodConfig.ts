// zod compiles object parsers with `new Function` when it can; the product's CSP forbids eval, so the
// probe would only report a violation. Parse without it. Imported first by main.tsx.
import { z } from 'zod';

z.config({ jitless: true });
