// A post's SEO fields: SEOPress's RedirectionSettings, MetaRobotSettings, SocialSettings,
// TitleDescriptionMeta and PreviewMetaTitleDescription.
import { decodeXmlEntities } from '../../../core/php/entities.js';
import { phpDate } from '../../../core/php/date.js';
import { toInt, isEmpty, toPhpString } from '../../../core/php/values.js';
import { sanitizeTextField, sanitizeTextareaField } from '../../../core/schema/text.js';
import type { JsonValue } from '../../../store/types.js';
import type { Handlers } from '../../define.js';
import { describeFields, fieldWrites, truthyCheckbox, type MetaField } from '../../meta-fields.js';
import { checkedPost } from '../checks.js';
import { replaceVariables } from '../dynamic-variables.js';
import { codeError, codeSuccess } from '../errors.js';
import { sanitizeRedirection, sanitizeRobot, sanitizeSocial, yesOrEmpty } from '../field-values.js';
import { REDIRECTION_KEYS, ROBOT_KEYS, ROBOT_WRITABLE, SOCIAL_FIELDS, redirectionFields, robotFields } from '../fields.js';
import { TARGET_KW, postVariables, titlesOf } from '../post-variables.js';
import type { seoAPostSettingsRoutes } from '../routes/post-settings.js';
import { entryOf, isOn, textOf } from '../seo-options.js';
import type { SeoAStorage } from '../storage.js';
import { categoryObject, postLink } from '../../core-posts/wp-objects.js';

/** The seo-a handlers of a post's SEO fields; `now` is the clock (milliseconds) of the preview's dynamic variables. */
export function seoAPostSettingsHandlers(now: () => number): Handlers<typeof seoAPostSettingsRoutes, SeoAStorage> {
  return {
    async getRedirectionSettings(request, _context, storage) {
      const post = checkedPost(request);
      const meta = await storage.getPostMeta(post.ID, REDIRECTION_KEYS);
      const fields = redirectionFields(meta._seopress_redirections_logged_status, meta._seopress_redirections_type);
      return describeFields(fields, meta, truthyCheckbox);
    },

    async putRedirectionSettings(request, _context, storage) {
      const post = checkedPost(request);
      const writes = fieldWrites(redirectionFields(undefined, undefined), request.params, sanitizeRedirection);
      if (writes.size > 0) await storage.setPostMeta(post.ID, writes);
      return codeSuccess();
    },

    async getRobotSettings(request, context, storage) {
      const post = checkedPost(request);
      const [meta, titles, categories] = await Promise.all([
        storage.getPostMeta(post.ID, ROBOT_KEYS),
        titlesOf(storage),
        storage.listTerms('category'),
      ]);
      const entry = entryOf(titles, 'seopress_titles_single_titles', post.post_type);
      const fields = robotFields(
        {
          noindex: isOn(entry, 'noindex') || isOn(titles, 'seopress_titles_noindex') || post.post_password !== '',
          nofollow: isOn(entry, 'nofollow') || isOn(titles, 'seopress_titles_nofollow'),
          nosnippet: isOn(titles, 'seopress_titles_nosnippet'),
          noimageindex: isOn(titles, 'seopress_titles_noimageindex'),
        },
        postLink(post, context.site.home),
        post.post_type,
        categories.filter((term) => term.count > 0).map(categoryObject),
      );
      return describeFields(fields, meta, yesOrEmpty);
    },

    async putRobotSettings(request, _context, storage) {
      const post = checkedPost(request);
      const fields: MetaField[] = robotFields(
        { noindex: false, nofollow: false, nosnippet: false, noimageindex: false },
        '',
        post.post_type,
        [],
      );
      const writes = fieldWrites(fields, request.params, sanitizeRobot, (key) => ROBOT_WRITABLE.has(key));
      if (writes.size > 0) await storage.setPostMeta(post.ID, writes);
      return codeSuccess();
    },

    async getSocialSettings(request, _context, storage) {
      const post = checkedPost(request);
      const meta = await storage.getPostMeta(
        post.ID,
        SOCIAL_FIELDS.map((field) => field.key),
      );
      return describeFields(SOCIAL_FIELDS, meta, truthyCheckbox);
    },

    async putSocialSettings(request, _context, storage) {
      const post = checkedPost(request);
      const writes = fieldWrites(SOCIAL_FIELDS, request.params, sanitizeSocial);
      if (writes.size > 0) await storage.setPostMeta(post.ID, writes);
      return codeSuccess();
    },

    async getTitleDescription(request, _context, storage) {
      const post = checkedPost(request);
      const meta = await storage.getPostMeta(post.ID, ['_seopress_titles_title', '_seopress_titles_desc']);
      return {
        title: decodeXmlEntities(textOf(meta._seopress_titles_title)),
        description: decodeXmlEntities(textOf(meta._seopress_titles_desc)),
      };
    },

    async putTitleDescription(request, _context, storage) {
      const post = checkedPost(request);
      const writes = new Map<string, JsonValue | null>();
      const { title, description } = request.params;
      if (title !== undefined && title !== null) writes.set('_seopress_titles_title', isEmpty(title) ? null : sanitizeTextField(title));
      if (description !== undefined && description !== null) {
        writes.set('_seopress_titles_desc', isEmpty(description) ? null : sanitizeTextareaField(description));
      }
      if (writes.size > 0) await storage.setPostMeta(post.ID, writes);
      return codeSuccess();
    },

    async previewTitleDescription(request, context, storage) {
      const post = checkedPost(request);
      const { title, description } = request.params;
      const titles = await titlesOf(storage);
      const showDate = isOn(entryOf(titles, 'seopress_titles_single_titles', post.post_type), 'date');
      if (title === undefined && description === undefined) return codeError('missing_parameters', 401);
      const meta = await storage.getPostMeta(post.ID, [TARGET_KW, '_thumbnail_id']);
      const variables = await postVariables(storage, post, meta, titles, context, now);
      const thumbnailId = toInt(meta._thumbnail_id ?? 0);
      const thumbnail = thumbnailId > 0 ? await storage.getPost(thumbnailId) : null;
      return {
        title: title === undefined ? null : replaceVariables(toPhpString(title), variables),
        description: description === undefined ? null : replaceVariables(toPhpString(description), variables),
        post_thumbnail: thumbnail?.post_type === 'attachment' ? thumbnail.guid : '',
        post_date: showDate ? phpDate('M j, Y', new Date(`${post.post_modified.replace(' ', 'T')}Z`)) : '',
      };
    },
  };
}
