// The e-mail reporting invitation (`REST_Email_Reporting_Controller::prepare_invitation_template_data`
// rendered through Site Kit's `simple-email` template): its subject, sender and words, each value
// escaped. The template's layout (logo, graphic, styles) is left out; Site Kit's plain-text
// alternative is not sent, as `OutgoingMail` carries one body.
import { defaultMailAddress, type OutgoingMail } from '../../core/mail/message.js';
import { escUrlRaw } from '../../core/schema/url.js';
import { escHtml } from '../../core/schema/text.js';

/** Where the invitation's "Learn more" leads. */
const LEARN_MORE_URL = 'https://sitekit.withgoogle.com/support/?doc=email-reporting';

/** The invitation's body paragraphs (`Content_Map::get_body( 'invitation-email' )`). */
const BODY = [
  'Receive the most important insights about your site\u2019s performance, key trends, and tailored metrics, powered by Site Kit, directly in your inbox.',
  'You can unsubscribe or change how often emails are sent anytime from your Site Kit dashboard.',
];

/** What the invitation tells. */
interface InvitationFacts {
  /** The invited user's e-mail address. */
  recipient: string;
  /** Who invites: the caller's address, or the site's admin address when the caller's is none. */
  inviterEmail: string;
  /** The site's `admin_email`, the sender (`Email::build_headers`); empty for `wp_mail()`'s default. */
  adminEmail: string;
  /** The site's home URL, without a trailing slash. */
  home: string;
  /** The site's address (`siteurl`), where `wp-admin/` is. */
  siteUrl: string;
}

/** `get_site_domain()`: the home URL's host, and its path when the site lives below one. */
function siteDomain(home: string): string {
  const url = new URL(`${home}/`);
  let path = url.pathname;
  while (path.endsWith('/')) path = path.slice(0, -1);
  return path === '' ? url.hostname : url.hostname + path;
}

/** The invitation mail, HTML, from `Site Kit <admin_email>`. */
export function invitationMail(facts: InvitationFacts): OutgoingMail {
  const domain = siteDomain(facts.home);
  const subject = `Invitation to receive Site Kit reports for ${domain}`;
  const inviter = escHtml(facts.inviterEmail);
  const manage = `${facts.siteUrl}/wp-admin/index.php?action=googlesitekit_go&to=manage-subscription-email-reporting`;
  const body = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="UTF-8"><title>${escHtml(subject)}</title></head><body>`,
    `<p><a href="${escHtml(escUrlRaw(`${facts.home}/`))}">${escHtml(domain)}</a></p>`,
    `<h1><a href="mailto:${inviter}">${inviter}</a> invited you to receive periodic performance reports</h1>`,
    ...BODY.map((paragraph) => `<p>${escHtml(paragraph)}</p>`),
    `<p><a href="${escHtml(escUrlRaw(manage))}">Get your report</a></p>`,
    `<p><a href="${escHtml(LEARN_MORE_URL)}">Learn more</a></p>`,
    '<p>You received this email because your site admin invited you to use Site Kit email reports feature</p>',
    '</body></html>',
  ].join('\n');
  return {
    sender: `Site Kit <${facts.adminEmail === '' ? defaultMailAddress(facts.home) : facts.adminEmail}>`,
    recipient: facts.recipient,
    subject,
    body,
    additionalHeaders: '',
    useHtml: true,
  };
}
