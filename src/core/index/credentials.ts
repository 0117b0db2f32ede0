// Which request fields carry credentials, so that their values are never echoed, mailed or
// logged. The rule, on a field name:
//   1. the spec's credential names, exactly (any case, `-` as `_`): apikey, api_key, api_email,
//      key, access_jwt, refresh_jwt, code_challenge, token, secret, session_token;
//   2. or any word of the name is a credential word (or its plural with `s`): password, passwd,
//      pwd, pass, passphrase, passcode, token, secret, key, nonce, auth, authorization,
//      credential, signature, jwt. Words are split at every character that is not a letter or
//      digit, at lower-to-upper case changes (`clientSecret`), before the last capital of a run
//      (`APIKey`), and between letters and digits (`token2`);
//   3. or a word is a credential word glued to one of these prefixes: access, api, app, auth,
//      bearer, client, csrf, id, master, o, private, refresh, secret, session, user, wp, xsrf
//      (`apikey`, `wpnonce`, `oauth`, `accesstoken`, `clientsecret`).
// Whole words keep ordinary names readable: `author`, `keyword`, `monkey`, `passage`, `compass`,
// `bypass` and `passport` are not credentials.

/** The spec's credential parameter names (rule 1). */
const SPEC_NAMES: ReadonlySet<string> = new Set([
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

/** Words that make a name a credential's (rule 2). */
const CREDENTIAL_WORDS: readonly string[] = [
  'password',
  'passwd',
  'pwd',
  'pass',
  'passphrase',
  'passcode',
  'token',
  'secret',
  'key',
  'nonce',
  'auth',
  'authorization',
  'credential',
  'signature',
  'jwt',
];

/** Prefixes a credential word is written glued to (rule 3). */
const GLUED_PREFIXES: readonly string[] = [
  'access',
  'api',
  'app',
  'auth',
  'bearer',
  'client',
  'csrf',
  'id',
  'master',
  'o',
  'private',
  'refresh',
  'secret',
  'session',
  'user',
  'wp',
  'xsrf',
];

/** Every credential word, bare or glued to a prefix, and each in the plural. */
const CREDENTIAL_FORMS: ReadonlySet<string> = new Set(
  ['', ...GLUED_PREFIXES].flatMap((prefix) => CREDENTIAL_WORDS.flatMap((word) => [`${prefix}${word}`, `${prefix}${word}s`])),
);

type CharClass = 'upper' | 'lower' | 'digit' | 'separator';

/** A character's class for splitting; a letter outside ASCII counts as lower case, so it stays inside its word. */
function classOf(code: number): CharClass {
  if (code >= 65 && code <= 90) return 'upper';
  if ((code >= 97 && code <= 122) || code > 127) return 'lower';
  if (code >= 48 && code <= 57) return 'digit';
  return 'separator';
}

/** The words of a name, lower-cased, in one pass (rule 2's splitting). */
function nameWords(name: string): string[] {
  const words: string[] = [];
  let start = 0;
  let previous: CharClass = 'separator';
  for (let i = 0; i <= name.length; i++) {
    const current = i < name.length ? classOf(name.charCodeAt(i)) : 'separator';
    const next = i + 1 < name.length ? classOf(name.charCodeAt(i + 1)) : 'separator';
    const boundary =
      current === 'separator' ||
      previous === 'separator' ||
      (previous === 'lower' && current === 'upper') ||
      (previous === 'upper' && current === 'upper' && next === 'lower') ||
      (previous === 'digit') !== (current === 'digit');
    if (boundary && i > start && previous !== 'separator') words.push(name.slice(start, i).toLowerCase());
    if (boundary) start = current === 'separator' ? i + 1 : i;
    previous = current;
  }
  return words;
}

/** Whether a field's value must stay out of answers, mails, messages and logs (the rule above). */
export function isCredentialName(name: string): boolean {
  return SPEC_NAMES.has(name.toLowerCase().replaceAll('-', '_')) || nameWords(name).some((word) => CREDENTIAL_FORMS.has(word));
}

/** What a credential's value is replaced with when a request is echoed back or a mail printed. */
export const REDACTED = '[redacted]';

/**
 * A copy of request data with every credential-named field's value replaced by {@link REDACTED},
 * at any depth; every key, `__proto__` included, stays an own data key of the copy.
 */
export function redactCredentials<T>(value: T): T {
  if (Array.isArray(value)) return value.map(redactCredentials) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, isCredentialName(key) ? REDACTED : redactCredentials(item)]),
  ) as T;
}

/** A URL's user and password (`smtp://user:password@host`): what comes between `://` and `@`. */
const URL_USERINFO = /:\/\/[^\s/@]+@/g;

/** An `Authorization` value's scheme and what follows it (`Bearer abc…`). */
const AUTH_SCHEME = /\b(Bearer|Basic|Digest|Token)[ \t]{1,4}[\w.~+/=-]{1,4096}/gi;

/** Shortest value replaced wherever it appears: a shorter one would cut ordinary words. */
const MIN_SECRET_LENGTH = 4;

/** Longest field name looked back for before a `:` or `=`. */
const MAX_NAME = 64;

const isNameChar = (c: string): boolean => /^[\w-]$/.test(c);
const isBlank = (c: string | undefined): boolean => c === ' ' || c === '\t';
const isQuote = (c: string | undefined): boolean => c === '"' || c === "'";
/** Where an unquoted value ends: whitespace, a quote, or a separator between fields. */
const ENDS_VALUE = /[\s"'&,;]/;

/** The name written just before the separator at `at` (`token=`, `"apikey": `), or ''. */
function nameBefore(text: string, at: number): string {
  let end = at;
  while (end > 0 && at - end < 4 && isBlank(text[end - 1])) end--;
  if (end > 0 && isQuote(text[end - 1])) end--;
  let start = end;
  while (start > 0 && end - start < MAX_NAME && isNameChar(text[start - 1]!)) start--;
  return start > 0 && isNameChar(text[start - 1]!) ? '' : text.slice(start, end);
}

/** Where the value after the separator at `at` starts and ends: quoted to its closing quote, else to the first character that ends a value. */
function valueAfter(text: string, at: number): { start: number; end: number } {
  let start = at + 1;
  while (start < text.length && start - at <= 4 && isBlank(text[start])) start++;
  const quote = text[start];
  if (quote !== undefined && isQuote(quote)) {
    const close = text.indexOf(quote, start + 1);
    return { start, end: close === -1 ? text.length : close + 1 };
  }
  let end = start;
  while (end < text.length && !ENDS_VALUE.test(text[end]!)) end++;
  return { start, end };
}

/** The text with the value of every credential-named field it spells (`token=abc`, `apikey: abc`, `"secret":"abc"`) cut out, in one pass. */
function redactNamedValues(text: string): string {
  let out = '';
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== ':' && text[i] !== '=') continue;
    const name = nameBefore(text, i);
    if (name === '' || !isCredentialName(name)) continue;
    const { start, end } = valueAfter(text, i);
    if (end === start) continue;
    out += `${text.slice(copied, start)}${REDACTED}`;
    copied = end;
    i = end - 1;
  }
  return out + text.slice(copied);
}

/**
 * A text (an error's message) with credentials cut out: each of `secrets` (the values a call
 * handed to a service) wherever it appears, a URL's user and password, an `Authorization`
 * scheme's value, and the value of every credential-named field it spells (`token=…`, `"apikey": …`).
 */
export function redactText(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (secret.length >= MIN_SECRET_LENGTH) out = out.replaceAll(secret, REDACTED);
  }
  return redactNamedValues(out.replace(URL_USERINFO, `://${REDACTED}@`).replace(AUTH_SCHEME, `$1 ${REDACTED}`));
}
