import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check values shaped by a zod schema (issue 11's fuzz test): strings within their
 * lengths, uuids, enums, bounded numbers, objects with their keys. "Valid-ish": refinements
 * (superRefine, regexes with lookarounds) are not solved, so some values are refused, which
 * is fine: the fuzz asks only that every answer be a 2xx or a 4xx.
 */

interface Def {
  type: string;
  format?: string;
  checks?: { _zod: { def: Record<string, unknown> } }[];
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def) => (def.checks ?? []).map((c) => c._zod.def);

export function arbitraryFor(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 8) return fc.constant(null);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def);
    case 'number': {
      let min = -1_000_000;
      let max = 1_000_000;
      let integer = false;
      for (const c of checksOf(def)) {
        if (c.check === 'greater_than') min = Number(c.value) + (c.inclusive ? 0 : 1);
        if (c.check === 'less_than') max = Number(c.value) - (c.inclusive ? 0 : 1);
        if (c.check === 'number_format' && (c.format === 'safeint' || c.format === 'int32')) integer = true;
      }
      return integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'array': {
      let minLength = 0;
      let maxLength = 3;
      for (const c of checksOf(def)) {
        if (c.check === 'min_length') minLength = Number(c.minimum);
        if (c.check === 'max_length') maxLength = Math.min(Number(c.maximum), minLength + 3);
      }
      return fc.array(arbitraryFor(def.element!, depth + 1), { minLength, maxLength: Math.max(minLength, maxLength) });
    }
    case 'object':
      return fc.record(Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, v]) => [k, arbitraryFor(v, depth + 1)])));
    case 'optional':
      return fc.option(arbitraryFor(def.innerType!, depth + 1), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(arbitraryFor(def.innerType!, depth + 1), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return arbitraryFor(def.innerType!, depth + 1);
    case 'pipe':
      // z.preprocess is a pipe from a transform: generate what the inner schema takes.
      return defOf(def.in!).type === 'transform' ? arbitraryFor(def.out!, depth + 1) : arbitraryFor(def.in!, depth + 1);
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => arbitraryFor(o, depth + 1)));
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  if (def.format === 'uuid' || def.format === 'guid') return fc.uuid();
  if (def.format === 'email') return fc.emailAddress();
  let minLength = 0;
  let maxLength = 40;
  let pattern: RegExp | undefined;
  for (const c of checksOf(def)) {
    if (c.check === 'min_length') minLength = Number(c.minimum);
    if (c.check === 'max_length') maxLength = Number(c.maximum);
    if (c.check === 'length_equals') minLength = maxLength = Number(c.length);
    if (c.check === 'string_format' && c.format === 'regex') pattern = c.pattern as RegExp;
    if (c.check === 'string_format' && c.format === 'uuid') return fc.uuid();
  }
  // fast-check matches flagless patterns only: the case-insensitive ones lose their flag (still valid-ish).
  if (pattern && !/\(\?<?[=!]/.test(pattern.source)) return fc.stringMatching(new RegExp(pattern.source));
  return fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 40) });
}

/** The keys of an object schema (through optional, default and pipe wrappers), or none. */
export function objectKeys(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const def = defOf(schema);
  if (def.type === 'object') return Object.keys(def.shape ?? {});
  if (def.type === 'pipe') return [...new Set([...objectKeys(def.in), ...objectKeys(def.out)])];
  if (def.innerType) return objectKeys(def.innerType);
  return [];
}
