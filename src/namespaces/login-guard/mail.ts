// The "Verify your login" mail of LLAR's e-mail provider (`LlarMfaProvider::send_code()`): its
// subject, its fields cleaned and cut as the provider cleans them, each escaped with `esc_html`.
// The wording of the body is the plugin's; its layout (logo, styles, branding) is left out.
import { phpTrim } from '../../core/php/strings.js';
import { isIpAddress } from '../../core/schema/formats.js';
import { escHtml, sanitizeTextField, stripAllTags } from '../../core/schema/text.js';
import { defaultMailAddress, type OutgoingMail } from '../../core/mail/message.js';

/** The mail's subject and title. */
const SUBJECT = 'Verify your login';

/** Longest IP address text (an IPv6 address with an IPv4 tail). */
const MAX_IP_LENGTH = 45;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const encoder = new TextEncoder();

/** PHP's `substr( $s, 0, $max )` on UTF-8 bytes, without splitting a character. */
function cutBytes(text: string, max: number): string {
  const { read } = encoder.encodeInto(text, new Uint8Array(max));
  return text.slice(0, read);
}

/** `sanitize_mfa_email_code()`: no tags, no white space (PCRE's `\s`), at most 64 bytes. */
function displayCode(code: string): string {
  return cutBytes(stripAllTags(code).replace(/[ \t\n\v\f\r]+/g, ''), 64);
}

/** `sanitize_mfa_email_field()`: `sanitize_text_field`, at most `max` bytes. */
function displayField(value: string, max: number): string {
  return cutBytes(sanitizeTextField(value), max);
}

/** `sanitize_mfa_email_ip()`: an IP address as it is, anything else as a 45-byte field. */
function displayIp(value: string): string {
  const ip = phpTrim(value);
  return ip !== '' && ip.length <= MAX_IP_LENGTH && isIpAddress(ip) ? ip : displayField(ip, MAX_IP_LENGTH);
}

/** `date_i18n( 'F j, Y \a\t g:i A' )` of a moment at the site's GMT offset: LLAR's format when the site sets none. */
function loginTime(nowMs: number, gmtOffsetHours: number): string {
  const local = new Date(nowMs + gmtOffsetHours * 3_600_000);
  const hours = local.getUTCHours();
  const minutes = String(local.getUTCMinutes()).padStart(2, '0');
  const month = MONTHS[local.getUTCMonth()] ?? '';
  return `${month} ${local.getUTCDate()}, ${local.getUTCFullYear()} at ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** What the verification mail tells. */
interface VerificationFacts {
  /** The user's e-mail address. */
  recipient: string;
  /** The one-time code. */
  code: string;
  /** The site's home URL; its host is the "Site:" row. */
  home: string;
  /** The GMT offset of the site's clock, in hours. */
  gmtOffset: number;
  /** When, in milliseconds since 1970. */
  now: number;
  /** How long the code lives, in seconds. */
  codeTtl: number;
  /** The login's IP address, as the caller gave it. */
  ip: string;
  /** The login's browser, as the caller gave it. */
  browser: string;
  /** The login's location, as the caller gave it. */
  location: string;
}

/** One row of the "Login attempt from:" table. */
const row = (label: string, value: string): string => `<tr><td>${label}</td><td>${escHtml(value)}</td></tr>`;

/** The "Verify your login" mail, HTML, from `wp_mail()`'s default sender. */
export function verificationMail(facts: VerificationFacts): OutgoingMail {
  const minutes = Math.max(1, Math.ceil(facts.codeTtl / 60));
  const body = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="UTF-8"><title>${SUBJECT}</title></head><body>`,
    `<h1>${SUBJECT}</h1>`,
    '<p>We received a login attempt to your WordPress site and need to confirm it is you. Enter the verification code below to complete your login.</p>',
    `<p style="font-size:32px;letter-spacing:6px;font-weight:700">${escHtml(displayCode(facts.code))}</p>`,
    `<p>This code will expire in ${minutes} minutes.</p>`,
    '<p>Login attempt from:</p>',
    '<table role="presentation">',
    row('Site:', displayField(new URL(facts.home).hostname, 253)),
    row('IP Address:', displayIp(facts.ip)),
    row('Location:', displayField(facts.location, 500)),
    row('Browser:', displayField(facts.browser, 500)),
    row('Time:', displayField(loginTime(facts.now, facts.gmtOffset), 200)),
    '</table>',
    '<p>If this was not you, secure your account.</p>',
    '<ul><li>Change your WordPress password immediately.</li><li>Enable additional login protections.</li><li>Review recent login activity.</li></ul>',
    '</body></html>',
  ].join('\n');
  return {
    sender: `WordPress <${defaultMailAddress(facts.home)}>`,
    recipient: facts.recipient,
    subject: SUBJECT,
    body,
    additionalHeaders: '',
    useHtml: true,
  };
}
