// Checks a request against an OpenAPI 3.1 document as a request validator does: the operation
// of its path and method, each path and query parameter deserialized by its style and checked
// (with type coercion, as query text needs) and the JSON body checked against the operation's
// schema, with Ajv's JSON Schema 2020-12 and ajv-formats. Query parameters the operation does
// not list are let through, as OpenAPI leaves them.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parsePhpQuery } from '../../src/core/php/query.js';
import type { OpenApiDocument } from '../../src/index.js';

const addFormats = addFormatsModule.default;

/** What the document says of a request: accepted, or refused for a parameter. */
export type RequestVerdict = { accepted: true } | { accepted: false; param: string; why: string };

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  style?: string;
  explode?: boolean;
  schema: Record<string, unknown>;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Record<string, unknown> }> };
}

/** A request of the battery: the route key names its path item (`x-wp-route`). */
interface CheckedRequest {
  route: string;
  method: string;
  url: string;
  body?: unknown;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** The path template as a regex, each `{name}` its parameter's own pattern (unanchored). */
function templateRegex(template: string, parameters: Parameter[]): RegExp {
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      if (!part.startsWith('{')) return escapeRegex(part);
      const name = part.slice(1, -1);
      const pattern = parameters.find((p) => p.in === 'path' && p.name === name)?.schema.pattern;
      const inner = typeof pattern === 'string' && pattern.startsWith('^(?:') && pattern.endsWith(')$') ? pattern.slice(4, -2) : '[^/]+';
      return `(?<${name}>${inner})`;
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/** A validator of requests against `document`. */
export function openApiRequestValidator(document: OpenApiDocument): (request: CheckedRequest) => RequestVerdict {
  const coercing = new Ajv2020({ coerceTypes: true, strict: false, logger: false });
  const exact = new Ajv2020({ strict: false, logger: false });
  addFormats(coercing);
  addFormats(exact);
  const compiled = new Map<Record<string, unknown>, ValidateFunction>();
  const validatorOf = (ajv: Ajv2020, schema: Record<string, unknown>) => {
    let validate = compiled.get(schema);
    if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
    return validate;
  };
  // A route's operations for a method: its own path item's, and those of the concrete paths a
  // namespace describes on it (an ability's run), which a URL matching them takes first, as
  // OpenAPI matches concrete paths before templated ones.
  const operations = new Map<string, Array<{ template: string; operation: Operation }>>();
  for (const [template, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (typeof operation === 'object' && operation !== null) {
        const key = `${method.toUpperCase()} ${String(item['x-wp-route'])}`;
        const entry = { template, operation: operation as Operation };
        operations.set(key, template.includes('{') ? [...(operations.get(key) ?? []), entry] : [entry, ...(operations.get(key) ?? [])]);
      }
    }
  }

  return ({ route, method, url, body }) => {
    const candidates = operations.get(`${method} ${route}`);
    if (!candidates) return { accepted: false, param: '', why: `no operation ${method} ${route}` };
    const [path = '', query = ''] = url.split('?', 2);
    const found = candidates
      .map(({ template, operation }) => ({
        template,
        operation,
        matched: templateRegex(template, operation.parameters ?? []).exec(decodeURIComponent(path)),
      }))
      .find(({ matched }) => matched !== null);
    if (!found) return { accepted: false, param: '', why: `${path} is not ${candidates.map((c) => c.template).join(' or ')}` };
    const { operation, matched } = found;
    const parameters = operation.parameters ?? [];
    const pathValues = matched!.groups ?? {};
    const queryValues = parsePhpQuery(query);
    for (const parameter of parameters) {
      const source: Record<string, unknown> = parameter.in === 'path' ? pathValues : queryValues;
      if (!Object.hasOwn(source, parameter.name)) {
        if (parameter.required) return { accepted: false, param: parameter.name, why: 'missing' };
        continue;
      }
      let value = source[parameter.name];
      // style: form, explode: false writes a list as `a=1,2`.
      if (parameter.style === 'form' && parameter.explode === false && typeof value === 'string') value = value.split(',');
      const holder = { value };
      const validate = validatorOf(coercing, { type: 'object', properties: { value: parameter.schema } });
      if (!validate(holder)) return { accepted: false, param: parameter.name, why: coercing.errorsText(validate.errors) };
    }
    const requestBody = operation.requestBody;
    if (!requestBody) return { accepted: true };
    if (body === undefined) return requestBody.required ? { accepted: false, param: '', why: 'no body' } : { accepted: true };
    const schema = requestBody.content['application/json']?.schema;
    if (!schema) return { accepted: false, param: '', why: 'no JSON body schema' };
    const validate = validatorOf(exact, schema);
    if (validate(structuredClone(body))) return { accepted: true };
    const [error] = validate.errors ?? [];
    const missing = error?.keyword === 'required' ? String((error.params as { missingProperty?: string }).missingProperty) : undefined;
    return { accepted: false, param: missing ?? error?.instancePath.split('/')[1] ?? '', why: exact.errorsText(validate.errors) };
  };
}
