import type { RestContext, RestUser } from '../../core/types.js';
import { stripAllTags } from '../../core/schema/text.js';
import { scanFormTags } from './form-tags.js';
import { mailTagResolver } from './mail-tag-values.js';
import { replaceMailTags } from './mail-tags.js';
import type { ContactFormRecord } from './storage.js';
import { SWV_VERSION, swvRules, type SwvSchema } from './swv.js';
import { effectiveMessages } from './templates.js';

/** Who is asking for a schema, for the mail-tags its messages may hold. */
interface SchemaViewer {
  /** The site. */
  site: RestContext['site'];
  /** What `[_site_admin_email]` stands for. */
  adminEmail: string;
  /** The signed-in user, or null. */
  user: RestUser | null;
}

/** A form's SWV schema: the same rules a submission is validated against, with messages as CF7 filters them. */
export function formSchema(form: ContactFormRecord, viewer: SchemaViewer): SwvSchema {
  const tags = scanFormTags(form.form);
  const resolve = mailTagResolver(
    {
      posted: {},
      raw: {},
      tags,
      formTitle: form.title,
      site: viewer.site,
      adminEmail: viewer.adminEmail,
      user: viewer.user,
      userAgent: '',
      invalidFields: 0,
    },
    false,
  );
  const filter = (text: string) => stripAllTags(replaceMailTags(text, resolve));
  const messages = effectiveMessages(form.messages);
  return {
    version: SWV_VERSION,
    locale: form.locale,
    rules: swvRules(tags, { message: (key) => filter(messages[key] ?? ''), text: filter }),
  };
}
