/** Field names that carry credentials somewhere in the spec's namespaces; their values are never echoed. */
const CREDENTIAL_NAMES: ReadonlySet<string> = new Set([
  'apikey',
  'api_key',
  'api_email',
  'key',
  'access_jwt',
  'refresh_jwt',
  'code_challenge',
  'token',
  'secret',
  'session_token',
]);

/** Whether a field's value must stay out of mails, messages and logs (`api-key` and `API_KEY` count too). */
export function isCredentialName(name: string): boolean {
  return CREDENTIAL_NAMES.has(name.toLowerCase().replace(/-/g, '_'));
}

/** What a credential's value is replaced with when a request is echoed back. */
export const REDACTED = '[redacted]';

/** A copy of request data with every credential-named field's value replaced by {@link REDACTED}, at any depth. */
export function redactCredentials<T>(value: T): T {
  if (Array.isArray(value)) return value.map(redactCredentials) as T;
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = isCredentialName(key) ? REDACTED : redactCredentials(item);
  return out as T;
}
