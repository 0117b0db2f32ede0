/**
 * SEOPress's per-post field descriptors (`Helpers/Metas/*Settings::getMetaKeys`), as plain data
 * built from what a post's answer depends on: its stored redirection status and type, the titles
 * option's robots settings, its categories and permalink.
 */
import type { JsonValue } from '../../store/types.js';
import type { MetaField } from '../meta-fields.js';

/** Redirection meta keys, in SEOPress's order. */
export const REDIRECTION_KEYS = [
  '_seopress_redirections_enabled',
  '_seopress_redirections_logged_status',
  '_seopress_redirections_type',
  '_seopress_redirections_value',
] as const;

/** The redirection descriptors: status and type are always shown as stored (their defaults `both` and 301), never modifiable. */
export function redirectionFields(status: JsonValue | undefined, type: JsonValue | undefined): MetaField[] {
  return [
    {
      key: '_seopress_redirections_enabled',
      type: 'checkbox',
      placeholder: '',
      use_default: '',
      default: '',
      label: 'Enabled redirection?',
      visible: true,
    },
    {
      key: '_seopress_redirections_logged_status',
      type: 'select',
      placeholder: '',
      use_default: true,
      default: status === undefined || status === '' || status === null ? 'both' : status,
      label: 'Select a login status:',
      options: [
        { value: 'both', label: 'All' },
        { value: 'only_logged_in', label: 'Only Logged In' },
        { value: 'only_not_logged_in', label: 'Only Not Logged In' },
      ],
      visible: true,
    },
    {
      key: '_seopress_redirections_type',
      type: 'select',
      placeholder: '',
      use_default: true,
      default: type === undefined || type === '' || type === null ? 301 : type,
      label: 'Select a redirection type:',
      options: [
        { value: 301, label: '301 Moved Permanently' },
        { value: 302, label: '302 Found / Moved Temporarily' },
        { value: 307, label: '307 Moved Temporarily' },
      ],
      visible: true,
    },
    {
      key: '_seopress_redirections_value',
      type: 'input',
      placeholder: 'Enter your new URL in absolute (e.g. https://www.example.com/)',
      label: 'URL redirection',
      description: 'Enter some keywords to auto-complete this field against your content',
      use_default: '',
      default: '',
      visible: true,
    },
  ];
}

/** Which robots settings the site forces, from `seopress_titles_option_name` and the post. */
interface ForcedRobots {
  /** noindex for every post, for the post's type, or a password-protected post. */
  noindex: boolean;
  /** nofollow for every post or for the post's type. */
  nofollow: boolean;
  /** nosnippet for every post. */
  nosnippet: boolean;
  /** noimageindex for every post. */
  noimageindex: boolean;
}

/** The robots descriptors of a post (SEOPress 9.6's `Helpers/Metas/RobotSettings::getMetaKeys`: the freeze date, no custom date yet). */
export function robotFields(forced: ForcedRobots, permalink: string, postType: string, categories: JsonValue[]): MetaField[] {
  const checkbox = (key: string, use: boolean, label: string): MetaField => ({
    key,
    type: 'checkbox',
    use_default: use,
    default: 'yes',
    label,
    visible: true,
  });
  return [
    checkbox('_seopress_robots_index', forced.noindex, 'Do not display this page in search engine results / XML - HTML sitemaps (noindex)'),
    checkbox('_seopress_robots_follow', forced.nofollow, 'Do not follow links for this page (nofollow)'),
    checkbox('_seopress_robots_snippet', forced.nosnippet, 'Do not display a description in search results for this page (nosnippet)'),
    checkbox('_seopress_robots_imageindex', forced.noimageindex, 'Do not index images for this page (noimageindex)'),
    {
      key: '_seopress_robots_canonical',
      type: 'input',
      use_default: '',
      placeholder: `Default value:  ${safeDecodeUri(permalink)}`,
      default: '',
      label: 'Canonical URL',
      visible: true,
    },
    {
      key: '_seopress_robots_primary_cat',
      type: 'select',
      use_default: '',
      placeholder: '',
      default: '',
      label: 'Select a primary category',
      description:
        'Set thee category that gets used in the <code>%category%</code> permalink and in our breadcrumbs if you have multiple categories.',
      options: [{ term_id: 'none', name: 'None (will disable this feature)' }, ...categories],
      visible: postType === 'post' || postType === 'product',
    },
    {
      key: '_seopress_robots_freeze_modified_date',
      type: 'checkbox',
      use_default: false,
      default: '',
      label: 'Freeze the last modified date (recommended for minor updates)',
      description: 'Prevent the last modified date from being updated on save. Recommended for minor updates like typos or formatting.',
      visible: true,
    },
  ];
}

/** `urldecode` of a permalink, for the placeholder; a malformed escape is left as written. */
function safeDecodeUri(url: string): string {
  try {
    return decodeURIComponent(url.replaceAll('+', ' '));
  } catch {
    return url;
  }
}

/** The meta keys the robots PUT writes (SEOPress's `$data_keys_save`). */
export const ROBOT_WRITABLE = new Set([
  '_seopress_robots_index',
  '_seopress_robots_follow',
  '_seopress_robots_imageindex',
  '_seopress_robots_snippet',
  '_seopress_robots_canonical',
  '_seopress_robots_primary_cat',
  '_seopress_robots_breadcrumbs',
  '_seopress_robots_freeze_modified_date',
]);

/** The meta keys robots descriptors read. */
export const ROBOT_KEYS = [
  '_seopress_robots_index',
  '_seopress_robots_follow',
  '_seopress_robots_snippet',
  '_seopress_robots_imageindex',
  '_seopress_robots_canonical',
  '_seopress_robots_primary_cat',
  '_seopress_robots_freeze_modified_date',
] as const;

const socialFields = (network: 'fb' | 'twitter', name: string, imageHint: string, thumbnail: string): MetaField[] => [
  {
    key: `_seopress_social_${network}_title`,
    type: 'input',
    placeholder: `Enter your ${name} title`,
    use_default: '',
    default: '',
    label: `${name} Title`,
    visible: true,
  },
  {
    key: `_seopress_social_${network}_desc`,
    type: 'textarea',
    placeholder: `Enter your ${name} description`,
    use_default: '',
    default: '',
    label: network === 'fb' ? 'Facebook description' : 'X Description',
    visible: true,
  },
  {
    key: `_seopress_social_${network}_img`,
    type: 'upload',
    placeholder: 'Select your default thumbnail',
    use_default: '',
    default: '',
    label: thumbnail,
    visible: true,
    description: imageHint,
  },
  { key: `_seopress_social_${network}_img_attachment_id`, type: 'hidden' },
  { key: `_seopress_social_${network}_img_width`, type: 'hidden' },
  { key: `_seopress_social_${network}_img_height`, type: 'hidden' },
];

/** The social descriptors: Facebook's six, then X's six. */
export const SOCIAL_FIELDS: readonly MetaField[] = [
  ...socialFields(
    'fb',
    'Facebook',
    'Minimum size: 200x200px, ideal ratio 1.91:1, 8Mb max. (e.g. 1640x856px or 3280x1712px for retina screens)',
    'Facebook thumbnail',
  ),
  ...socialFields(
    'twitter',
    'X',
    'Minimum size: 144x144px (300x157px with large card enabled), ideal ratio 1:1 (2:1 with large card), 5Mb max.',
    'X Thumbnail',
  ),
];
