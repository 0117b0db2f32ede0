// Node-only (nodemailer opens sockets): reached from `site-rest/node`, never from the root entry.
import type { Transporter } from 'nodemailer';
import type { ByteSize } from '../byte-size.js';
import { z } from 'zod';
import { redactText } from '../index/credentials.js';
import { bytes, checkOptions, fn, isSmtpUrl, optionsObject, type OptionsShape } from '../options.js';
import { mailHeaders, type OutgoingMail, type SendMail } from './message.js';

/** Options of {@link smtpMail}. */
export interface SmtpMailOptions {
  /** Most milliseconds one mail may take, from connecting to the server's last answer (default 10,000); past it the mail counts as not sent. */
  timeoutMs?: number;
  /** Largest mail sent, in bytes of its headers and body (default 1 MiB; `'512kb'` as Express reads sizes); a larger one is not sent and no connection is made. */
  maxBytes?: ByteSize;
  /** Told why a mail was not sent, as WordPress's `wp_mail_failed` action is; the error is site-rest's, its message redacted of the URL's password and any credential it spells. */
  onError?: (error: Error) => void;
}

const smtpMailOptions = optionsObject({
  timeoutMs: z.int({ error: 'must be a whole number of milliseconds' }).min(1, { error: 'must be at least 1' }).optional(),
  maxBytes: bytes.pipe(z.number().min(1, { error: 'must be at least 1' })).optional(),
  onError: fn('error → nothing').optional(),
} satisfies OptionsShape<SmtpMailOptions>);

/**
 * smtpMail's options as it reads them; throws a `TypeError` when `url` is not an `smtp://` or
 * `smtps://` URL or `options` are not what smtpMail takes. The URL is never repeated: it may hold a password.
 */
function checkSmtpMailOptions(url: unknown, options: unknown): z.output<typeof smtpMailOptions> {
  if (typeof url !== 'string' || !isSmtpUrl(url)) {
    throw new TypeError("site-rest: smtpMail url must be an smtp:// or smtps:// URL, e.g. 'smtp://user:password@mail.example.com:587'");
  }
  return checkOptions(smtpMailOptions, options, 'smtpMail');
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 1024 * 1024;

/** What nodemailer sends for a mail: the addresses its headers name, and every other header as written. */
function nodemailerMessage(mail: OutgoingMail) {
  const addresses = { to: [] as string[], cc: [] as string[], bcc: [] as string[], replyTo: [] as string[] };
  const message = { from: '', subject: '', headers: [] as Array<{ key: string; value: string }> };
  for (const { name, value } of mailHeaders(mail)) {
    const key = name.toLowerCase();
    if (key === 'from') message.from = value;
    else if (key === 'subject') message.subject = value;
    else if (key === 'to' || key === 'cc' || key === 'bcc') addresses[key].push(value);
    else if (key === 'reply-to') addresses.replyTo.push(value);
    // The body's type is nodemailer's to write, from `useHtml`.
    else if (key !== 'content-type') message.headers.push({ key: name, value });
  }
  const lists = Object.fromEntries(Object.entries(addresses).flatMap(([key, list]) => (list.length > 0 ? [[key, list.join(', ')]] : [])));
  return { ...message, ...lists, ...(mail.useHtml ? { html: mail.body } : { text: mail.body }) };
}

/** The bytes a mail's headers and body take before encoding, to hold it to `maxBytes`. */
function mailSize(mail: OutgoingMail): number {
  const encoder = new TextEncoder();
  return mailHeaders(mail).reduce(
    (sum, { name, value }) => sum + name.length + encoder.encode(value).length + 4,
    encoder.encode(mail.body).length,
  );
}

/** Rejects after `ms`, so a server that never answers cannot hold a request. */
function deadline(ms: number): { expired: Promise<never>; clear: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`SMTP server did not finish within ${ms} ms`)), ms);
  });
  return { expired, clear: () => clearTimeout(timer) };
}

/**
 * A `sendMail` that sends over SMTP with nodemailer: `smtp://user:password@host:587` (STARTTLS
 * when the server offers it) or `smtps://…:465`. Each mail opens its own connection, is held to
 * `maxBytes` and must be done within `timeoutMs`; a failure of any kind answers false, which
 * contact forms answer as CF7's `mail_failed`.
 */
export function smtpMail(url: string, options: SmtpMailOptions = {}): SendMail {
  const given = checkSmtpMailOptions(url, options);
  const timeoutMs = given.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = given.maxBytes ?? DEFAULT_MAX_BYTES;
  // nodemailer is loaded with the first mail, not at start-up.
  let transport: Promise<Transporter> | undefined;
  const connected = async (): Promise<Transporter> => {
    const { createTransport } = await import('nodemailer');
    return createTransport({
      url,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
      dnsTimeout: timeoutMs,
    });
  };
  const { password } = new URL(url);
  const secrets = password === '' ? [] : [password, decodeURIComponent(password)];
  const fail = (error: unknown): false => {
    options.onError?.(new Error(redactText(error instanceof Error ? error.message : String(error), secrets)));
    return false;
  };
  return async (mail) => {
    const size = mailSize(mail);
    if (size > maxBytes) return fail(new Error(`mail of ${size} bytes is over smtpMail's maxBytes (${maxBytes})`));
    const timer = deadline(timeoutMs);
    try {
      // The socket timeouts end a silent connection; the deadline ends one that trickles.
      await Promise.race([(transport ??= connected()).then((ready) => ready.sendMail(nodemailerMessage(mail))), timer.expired]);
      return true;
    } catch (error) {
      return fail(error);
    } finally {
      timer.clear();
    }
  };
}
