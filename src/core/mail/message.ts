// The mail every namespace hands to its host's `sendMail`, shaped as WordPress's `wp_mail()`
// takes it: addresses, subject and body, plus extra header lines as one string. Portable: the
// SMTP sender that needs Node lives in `smtp.ts`, reached only from `site-rest/node`.

/** A mail ready to send, as a namespace composes it for WordPress's `wp_mail()`. */
export interface OutgoingMail {
  /** `From:` address, e.g. `Example Site <wordpress@example.com>`. */
  sender: string;
  /** `To:` address or addresses, comma-separated. */
  recipient: string;
  /** Subject line. */
  subject: string;
  /** Body (HTML when `useHtml`). */
  body: string;
  /** Extra header lines, one `Name: value` per line (`Reply-To: …`, `Cc: …`). */
  additionalHeaders: string;
  /** Whether `body` is HTML. */
  useHtml: boolean;
}

/** `wp_mail()`'s default From address: `wordpress@` and the host of the site's home URL, without `www.`. */
export function defaultMailAddress(home: string): string {
  return `wordpress@${new URL(home).hostname.replace(/^www\./, '')}`;
}

/** A host callback that sends a mail: true when it went out; false (or a throw) when it did not, as `wp_mail()` answers. */
export type SendMail = (mail: OutgoingMail) => Promise<boolean>;

/** One header of a mail, as `wp_mail()` reads it: the name as written, the value trimmed. */
interface MailHeader {
  /** Header name, e.g. `Reply-To`. */
  name: string;
  /** Header value, without line breaks. */
  value: string;
}

/** CF7's `wpcf7_strip_newline()`: a header field loses its line breaks, so a submitted value cannot add header lines. */
export function oneLine(text: string): string {
  return text.replace(/[\r\n]/g, '').trim();
}

/** A header name as RFC 5322 allows it: printable ASCII but the colon. */
const HEADER_NAME = /^[!-9;-~]+$/;

/** Headers the body's encoding owns: its type comes from `useHtml`, so the extra headers cannot set them. */
const BODY_HEADERS: ReadonlySet<string> = new Set(['content-type', 'content-transfer-encoding', 'mime-version']);

/**
 * `wp_mail()`'s reading of a headers string: one header a line (CRLF or LF), split at the first
 * colon and trimmed; a line without a colon, or whose name is not a header name, is skipped, and
 * so are the headers the body's encoding owns.
 */
function extraHeaders(text: string): MailHeader[] {
  const headers: MailHeader[] = [];
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = oneLine(line.slice(0, colon));
    if (HEADER_NAME.test(name) && !BODY_HEADERS.has(name.toLowerCase())) headers.push({ name, value: oneLine(line.slice(colon + 1)) });
  }
  return headers;
}

/**
 * The headers of a mail in the order `wp_mail()` gives them: From, To, Subject, the extra ones,
 * then the body's type. No value holds a line break, whatever the mail's fields hold.
 */
export function mailHeaders(mail: OutgoingMail): MailHeader[] {
  return [
    { name: 'From', value: oneLine(mail.sender) },
    { name: 'To', value: oneLine(mail.recipient) },
    { name: 'Subject', value: oneLine(mail.subject) },
    ...extraHeaders(mail.additionalHeaders),
    { name: 'Content-Type', value: mail.useHtml ? 'text/html; charset=UTF-8' : 'text/plain; charset=UTF-8' },
  ];
}
