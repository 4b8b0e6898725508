// zod compiles object parsers with `new Function` when it can; the product's CSP forbids eval, so the
// probe would only report a violation. Parse without it. Imported first by main.tsx, before any zod
// module runs: zod takes its configuration from this global when it loads (zod/v4/core/core.js), so
// the first screen does not download zod just to configure it (zodConfig.test.ts checks zod reads it).
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
export {};
