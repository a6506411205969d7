/**
 * The first import of main.tsx, so it runs before any schema is built. zod compiles object
 * parsers with `new Function` when it may, and probes whether it may with one
 * `new Function("")` when the first object schema is built: under our CSP (script-src without
 * 'unsafe-eval') that probe is refused and reported as a `securitypolicyviolation`. jitless
 * mode skips the probe and the compiling (decision 016).
 *
 * zod keeps its settings on `globalThis.__zod_globalConfig` (so that every copy of zod shares
 * them) and reads them from there when it loads: setting it here configures zod without
 * importing it, which keeps zod (24 kB gzipped) out of the first load; the pages that validate
 * load it with themselves. tests/e2e/csp.spec.ts fails on every route if the probe runs again.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
