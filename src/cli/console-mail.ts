// The demo's mail when `serve` has no `--smtp`: each mail printed as a short block, so a user
// sees what the site would have sent.
import { isCredentialName, REDACTED } from '../core/index/credentials.js';
import { mailHeaders, type SendMail } from '../core/mail/message.js';
import type { CliIo } from './common.js';

/** Most characters of a body printed; the rest is counted, not shown. */
const MAX_BODY = 4000;

/** C0 and C1 controls but tab and line feed: text a client sent must not drive the terminal (colours, cursor, title). */
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

function printable(text: string): string {
  return text.replace(CONTROLS, '\uFFFD');
}

/** A `sendMail` that prints each mail (From, To, Subject, the other headers, the body) and counts it as sent. */
export function consoleMail(io: CliIo): SendMail {
  return async (mail) => {
    const headers = mailHeaders(mail).map(({ name, value }) => `${name}: ${isCredentialName(name) ? REDACTED : printable(value)}`);
    const body = mail.body.replaceAll('\r\n', '\n');
    const shown = body.length > MAX_BODY ? `${body.slice(0, MAX_BODY)}\n[… ${body.length - MAX_BODY} more characters]` : body;
    io.out(
      `--- mail, printed, not sent (serve --smtp smtp://… sends mail) ---\n${headers.join('\n')}\n\n${printable(shown)}\n--- end of mail ---\n`,
    );
    return true;
  };
}
