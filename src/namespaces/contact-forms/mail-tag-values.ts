import type { RestContext, RestUser } from '../../core/types.js';
import { isCredentialName } from '../../core/index/credentials.js';
import { stripAllTags } from '../../core/schema/text.js';
import type { FormTag } from './form-tags.js';
import { escapeHtml, type MailTagResolver } from './mail-tags.js';
import { flatJoin, flattenValue } from './posted-data.js';
import type { PostedValue } from './storage.js';

/** What mail-tags can stand for: the submission (if any), the form and the site. */
export interface MailTagEnv {
  /** Posted data after pipes; empty outside a submission. */
  posted: Record<string, PostedValue>;
  /** The request body as sent, for `[_raw_name]`. */
  raw: Record<string, unknown>;
  /** The form's tags. */
  tags: FormTag[];
  /** The form's title. */
  formTitle: string;
  /** The site. */
  site: RestContext['site'];
  /** What `[_site_admin_email]` stands for. */
  adminEmail: string;
  /** The signed-in submitter, or null. */
  user: RestUser | null;
  /** The submitter's User-Agent. */
  userAgent: string;
  /** How many fields failed validation. */
  invalidFields: number;
}

/** CF7's `wpcf7_acceptance_mail_tag()`: "Consented" or "Not consented", with the condition's text. */
function acceptanceText(tag: FormTag, submitted: PostedValue, html: boolean): string {
  const consented = flattenValue(submitted).some((value) => value !== '');
  const verdict = consented ? 'Consented' : 'Not consented';
  const condition = (tag.content !== '' ? tag.content : (tag.values[0] ?? '')).trim();
  const text = html ? condition : stripAllTags(condition);
  return text ? `${verdict}: ${text}` : verdict;
}

/** CF7's special mail-tags that need no post or stored submission. */
function specialTag(name: string, env: MailTagEnv, html: boolean): string | null {
  const escape = (text: string) => (html ? escapeHtml(text) : text);
  switch (name) {
    case '_remote_ip':
      // The core hands handlers no client address: CF7 answers '' when it has none.
      return '';
    case '_user_agent':
      return escape(env.userAgent);
    case '_invalid_fields':
      return String(env.invalidFields);
    case '_contact_form_title':
      return escape(env.formTitle);
    case '_site_title':
      return escape(env.site.name);
    case '_site_description':
      return escape(env.site.description ?? '');
    case '_site_url':
      return env.site.home;
    case '_site_domain':
      return new URL(env.site.home).hostname.replace(/^www\./, '');
    case '_site_admin_email':
      return env.adminEmail;
    case '_user_login':
      return escape(env.user?.username ?? '');
  }
  // CF7 answers '' for a post's tags without a container post, and for user props it cannot read.
  if (name.startsWith('_post_') || (name.startsWith('_user_') && name !== '_user_agent')) return '';
  return null;
}

/**
 * The resolver of a submission's mail-tags: posted fields (never credential-named ones), their
 * `_raw_` values before pipes, then CF7's special tags. `html` escapes what a submitter sent.
 */
export function mailTagResolver(env: MailTagEnv, html: boolean): MailTagResolver {
  return (name) => {
    const raw = /^_raw_(.+)$/.exec(name);
    const field = raw ? raw[1]!.trim() : name;
    if (isCredentialName(field)) return null;
    const submitted = Object.hasOwn(env.posted, field) ? env.posted[field] : undefined;
    if (submitted !== undefined) {
      let text = raw ? flatJoin(Object.hasOwn(env.raw, field) ? env.raw[field] : undefined) : flatJoin(submitted);
      if (html) text = escapeHtml(text);
      const tag = env.tags.find((candidate) => candidate.name === field);
      if (tag?.basetype === 'acceptance') text = acceptanceText(tag, submitted, html);
      return text.trim();
    }
    return specialTag(name, env, html);
  };
}
