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

/** A URL's user and password (`smtp://user:password@host`): the part before the `@`. */
const URL_USERINFO = /([a-z][a-z\d+.-]{0,31}:\/\/)[^\s/@]{1,512}@/gi;

/** An `Authorization` value's scheme and what follows it (`Bearer abc…`). */
const AUTH_SCHEME = /\b(Bearer|Basic|Digest|Token)[ \t]{1,4}[\w.~+/=-]{1,4096}/gi;

/** A name and its value as messages spell them: `token=abc`, `apikey: abc`, `"secret":"abc"`. */
const NAMED_VALUE = /([\w-]{1,64})(["']?[ \t]{0,4}[:=][ \t]{0,4})("[^"]{0,4096}"|'[^']{0,4096}'|[^\s"'&,;]{1,4096})/g;

/** Shortest value replaced wherever it appears: a shorter one would cut ordinary words. */
const MIN_SECRET_LENGTH = 4;

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
  return out
    .replace(URL_USERINFO, `$1${REDACTED}@`)
    .replace(AUTH_SCHEME, `$1 ${REDACTED}`)
    .replace(NAMED_VALUE, (whole, name: string, separator: string) => (isCredentialName(name) ? `${name}${separator}${REDACTED}` : whole));
}
