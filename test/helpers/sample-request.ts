// Builds a request that passes an endpoint's validation, from its route pattern and arg
// descriptors alone, so that sweeps over many routes reach the permission check.
import type { ArgSchema } from '../../src/index.js';

const FORMAT_SAMPLES: Record<string, string> = {
  'date-time': '2024-01-01T00:00:00Z',
  email: 'someone@example.test',
  uri: 'http://example.test/',
  uuid: '123e4567-e89b-12d3-a456-426614174000',
  ip: '127.0.0.1',
  'hex-color': '#ffffff',
};

/** A value that satisfies a descriptor (the common keywords; enough for routes.json). */
export function sampleValue(schema: ArgSchema): unknown {
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return (schema.minimum ?? 1) + (schema.exclusiveMinimum ? 1 : 0);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, (_, i) => (schema.items ? sampleValue(schema.items) : i));
    case 'object': {
      const out: Record<string, unknown> = {};
      const properties = Array.isArray(schema.properties) ? {} : (schema.properties ?? {});
      const required = Array.isArray(schema.required) ? schema.required : [];
      const entries = Object.entries(properties);
      for (const [name, property] of entries) {
        if (property.required === true || required.includes(name)) out[name] = sampleValue(property);
      }
      // Then optional properties, and made-up ones, until minProperties is met.
      const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : {};
      for (let i = 0; Object.keys(out).length < (schema.minProperties ?? 0); i++) {
        const [name, property] = entries.find(([n]) => !(n in out)) ?? [`extra_${i}`, extra];
        out[name] = sampleValue(property);
      }
      return out;
    }
    default:
      if (schema.format && FORMAT_SAMPLES[schema.format]) return FORMAT_SAMPLES[schema.format];
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}

/** The required args of an endpoint, each with a sample value. */
export function sampleArgs(args: Record<string, ArgSchema>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(args)) if (schema.required === true) out[name] = sampleValue(schema);
  return out;
}

/** A concrete path for a WordPress route pattern: each `(?P<name>…)` replaced by a value its regex accepts. */
export function samplePath(route: string): string {
  let out = '';
  let i = 0;
  while (i < route.length) {
    const start = route.indexOf('(?P<', i);
    if (start < 0) return out + route.slice(i);
    out += route.slice(i, start);
    const nameEnd = route.indexOf('>', start);
    let depth = 1;
    let j = nameEnd + 1;
    for (; j < route.length && depth > 0; j++) {
      if (route[j] === '\\') j++;
      else if (route[j] === '(') depth++;
      else if (route[j] === ')') depth--;
    }
    const pattern = route.slice(nameEnd + 1, j - 1);
    const accepts = new RegExp(`^(?:${pattern})$`);
    const value = ['1', 'abc', pattern.split('|')[0]!].find((candidate) => accepts.test(candidate));
    if (value === undefined) throw new Error(`no sample value for ${pattern} in ${route}`);
    out += value;
    i = j;
  }
  return out;
}
