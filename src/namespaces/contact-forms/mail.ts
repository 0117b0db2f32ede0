import { oneLine } from '../../core/mail/message.js';
import { mailTagResolver, type MailTagEnv } from './mail-tag-values.js';
import { replaceMailTags } from './mail-tags.js';
import type { MailMessage, MailTemplate } from './storage.js';

/** CF7's `WPCF7_Mail::compose()`: the template with its mail-tags replaced, ready for `sendMail`. */
export function composeMail(template: MailTemplate, which: MailMessage['template'], formId: number, env: MailTagEnv): MailMessage {
  const plain = mailTagResolver(env, false);
  const replace = (text: string) => replaceMailTags(text, plain);
  // Header lines keep their own breaks, but a submitted value must not add header lines.
  const headerValue = (name: string) => {
    const value = plain(name);
    return value === null ? null : oneLine(value);
  };
  return {
    formId,
    template: which,
    sender: oneLine(replace(template.sender)),
    recipient: oneLine(replace(template.recipient)),
    subject: oneLine(replace(template.subject)),
    body: replaceMailTags(template.body, template.use_html ? mailTagResolver(env, true) : plain, template.exclude_blank),
    additionalHeaders: replaceMailTags(template.additional_headers, headerValue).trim(),
    useHtml: template.use_html,
  };
}
