/**
 * The first import of main.tsx, so it runs before any schema is built. zod compiles object parsers with `new Function` when it may, and probes whether it
 * may with one `new Function("")` when the first object schema is built: under our CSP
 * (script-src without 'unsafe-eval') that probe is refused and reported as a
 * `securitypolicyviolation`. jitless mode skips the probe and the compiling (decision 016).
 * tests/e2e/csp.spec.ts fails on every route if the probe runs again.
 */
import { config } from 'zod';

config({ jitless: true });
