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
