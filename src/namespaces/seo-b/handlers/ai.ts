// Yoast AI's routes (Yoast 28.1's src/ai/*/user-interface): the PKCE callbacks, consent, the
// generator's suggestions and usage, the subscription cache, free sparks and the content planner.
// Every call to Yoast AI goes through the `yoastAi` service with the user's access JWT (ai-tokens.ts).
import { internal } from '../../../core/errors/catalogue.js';
import { RestResponse } from '../../../core/http/response.js';
import type { RestContext, RestUser } from '../../../core/types.js';
import type { JsonValue } from '../../../store/types.js';
import type { BoundService } from '../../host-service.js';
import type { JsonObject } from '../../recorded-double.js';
import type { BoundStorage, Checks, Handlers } from '../../define.js';
import { acceptTokens, grantConsent, revokeConsent, sendWithToken, type AiSession } from '../ai-tokens.js';
import { AiRemoteFailure, AiRuntimeFailure, answerField, choicesOf, decodedAnswer, type AiRequest } from '../ai-upstream.js';
import type { seoBAiRoutes } from '../routes/ai.js';
import type { YoastAi, YoastAiCallbackParams, YoastAiFailure } from '../services.js';
import type { PlannerPost, SeoBStorage } from '../storage.js';

/** What the AI handlers run on. */
interface SeoBAiDeps {
  /** The `yoastAi` service, bound with its limits. */
  service: BoundService<YoastAi, YoastAiFailure>;
  /** The clock in milliseconds. */
  now: () => number;
}

/** The namespace the callback routes are served under, for the addresses Yoast's server calls back. */
const NAMESPACE = 'seo-b/v1';

/** The user meta of the content planner's banner. */
const BANNER_DISMISSED = '_yoast_wpseo_ai_content_planner_banner_permanently_dismissed';

/** The MyYoast site information the add-on manager caches (`remove_site_information_transients`). */
const SITE_INFORMATION_TRANSIENTS = ['wpseo_site_information', 'wpseo_site_information_quick'] as const;

/** The recent posts the content planner describes (`Recent_Content_Collector::LIMIT`). */
const RECENT_LIMIT = 100;

/** The article types the content planner passes on (`Recent_Content_Collector::VALID_SCHEMA_TYPES`). */
const VALID_SCHEMA_TYPES: ReadonlySet<JsonValue | undefined> = new Set([
  'SocialMediaPosting',
  'NewsArticle',
  'AdvertiserContentArticle',
  'SatiricalArticle',
  'ScholarlyArticle',
  'TechArticle',
  'Report',
]);

/** `get_post_type_object( $type )->cap->edit_posts` of the post types WordPress 6.1 registers. */
const EDIT_CAPABILITY: ReadonlyMap<string, string> = new Map([
  ['post', 'edit_posts'],
  ['page', 'edit_pages'],
  ['attachment', 'edit_posts'],
  ['revision', 'edit_posts'],
  ['nav_menu_item', 'edit_theme_options'],
  ['custom_css', 'edit_css'],
  ['customize_changeset', 'customize'],
  ['oembed_cache', 'edit_posts'],
  ['user_request', 'edit_posts'],
  ['wp_block', 'edit_posts'],
  ['wp_template', 'edit_theme_options'],
  ['wp_template_part', 'edit_theme_options'],
  ['wp_global_styles', 'edit_theme_options'],
  ['wp_navigation', 'edit_theme_options'],
]);

/** Answers a Yoast AI failure as the generator's and the planner's routes do: its status and `{message, errorIdentifier[, missingLicenses]}`. */
function failureAnswer(failure: YoastAiFailure): RestResponse {
  const body: JsonObject = { message: failure.message, errorIdentifier: failure.errorIdentifier };
  if (failure.status === 402 || failure.status === 429) body.missingLicenses = failure.missingLicenses;
  return new RestResponse(body, failure.status);
}

/** A route's answer for what went wrong on the AI path: the remote failure, or the route's own 500 string for a token that never arrived. */
function failedAnswer(error: unknown, runtimeMessage: string): RestResponse {
  if (error instanceof AiRemoteFailure) return failureAnswer(error.failure);
  if (error instanceof AiRuntimeFailure) return new RestResponse(runtimeMessage, 500);
  throw error;
}

/** `(string)` of a value Yoast reads as a string, or '' where PHP would have nothing. */
const text = (value: JsonValue | undefined): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** The AI session of the signed-in user on this request. */
function sessionOf(deps: SeoBAiDeps, storage: BoundStorage<SeoBStorage>, context: RestContext, user: RestUser): AiSession {
  const route = (name: 'callback' | 'refresh_callback') => `/${NAMESPACE}/ai_generator/${name}`;
  return {
    storage,
    userId: user.id,
    nowSeconds: () => Math.floor(deps.now() / 1000),
    homeUrl: context.site.home,
    callbackUrl: context.restUrl(route('callback')),
    refreshCallbackUrl: context.restUrl(route('refresh_callback')),
    caller: {
      service: deps.service,
      callBack: (name) => async (params: YoastAiCallbackParams) => {
        const answer = await context.dispatch({ method: 'POST', path: route(name), body: { ...params } });
        return { status: answer.status, body: answer.data as JsonValue };
      },
    },
  };
}

/**
 * The suggestion and planner calls' handling of a 403 (`Forbidden_Exception`): the consent is
 * revoked, here and at Yoast AI, and the route answers 403 `CONSENT_REVOKED` (or what revoking met).
 */
async function revokingOnForbidden(session: AiSession, request: AiRequest): Promise<string> {
  try {
    return await sendWithToken(session, request);
  } catch (error) {
    if (!(error instanceof AiRemoteFailure && error.failure.status === 403)) throw error;
    await revokeConsent(session);
    throw new AiRemoteFailure({ status: 403, message: 'CONSENT_REVOKED', errorIdentifier: '', missingLicenses: [] });
  }
}

/** `{name, id}` of a category, or Yoast's "no category" `{name: '', id: -1}`. */
const categoryOf = (term: { name: string; term_id: number } | null): JsonObject =>
  term === null ? { name: '', id: -1 } : { name: term.name, id: term.term_id };

/** A recent post as `Post::to_array()` describes it to Yoast AI. */
async function describedPost(storage: BoundStorage<SeoBStorage>, { post, meta, categories }: PlannerPost): Promise<JsonObject> {
  const primaryId = Number(meta._yoast_wpseo_primary_category ?? 0);
  const primary = primaryId > 0 ? await storage.getTerm(primaryId) : null;
  const category = primary?.taxonomy === 'category' ? primary : (categories[0] ?? null);
  const described: JsonObject = {
    title: text(meta._yoast_wpseo_bctitle) || post.post_title,
    description: text(meta._yoast_wpseo_metadesc),
    category: category === null ? null : categoryOf(category),
    primary_focus_keyword: text(meta._yoast_wpseo_focuskw),
    is_cornerstone: meta._yoast_wpseo_is_cornerstone === '1' ? 1 : 0,
    last_modified: post.post_modified_gmt,
  };
  if (VALID_SCHEMA_TYPES.has(meta._yoast_wpseo_schema_article_type)) described.schema_article_type = meta._yoast_wpseo_schema_article_type!;
  return described;
}

/** `collect_about_page`: the about page's title and description, or null. */
async function aboutPageOf(storage: BoundStorage<SeoBStorage>, postType: string): Promise<JsonObject | null> {
  const about = await storage.aboutPage(postType);
  if (about === null) return null;
  return { title: text(about.meta._yoast_wpseo_bctitle) || about.post.post_title, description: text(about.meta._yoast_wpseo_metadesc) };
}

/** The seo-b AI handlers. */
export function seoBAiHandlers(deps: SeoBAiDeps): Handlers<typeof seoBAiRoutes, SeoBStorage> {
  const nowSeconds = () => Math.floor(deps.now() / 1000);
  return {
    async storeTokens(request, _context, storage) {
      const code = await acceptTokens(storage, request.params, nowSeconds());
      return code === null ? new RestResponse('Unauthorized.', 401) : { message: 'Tokens successfully stored.', code_verifier: code };
    },

    async consent(request, context, storage) {
      const consent = request.params.consent;
      const session = sessionOf(deps, storage, context, context.user!);
      try {
        await (consent ? grantConsent(session) : revokeConsent(session));
      } catch (error) {
        if (!(error instanceof AiRemoteFailure || error instanceof AiRuntimeFailure)) throw error;
        const status = error instanceof AiRemoteFailure ? error.failure.status : 500;
        return new RestResponse(consent ? 'Failed to give consent.' : 'Failed to revoke consent.', status);
      }
      return consent ? 'Consent successfully given.' : 'Consent successfully revoked.';
    },

    async getSuggestions(request, context, storage) {
      const { type, prompt_content, focus_keyphrase, language, platform, editor } = request.params;
      const user = context.user!;
      const session = sessionOf(deps, storage, context, user);
      try {
        const body = await revokingOnForbidden(session, {
          path: `/openai/suggestions/${type}`,
          body: { service: 'openai', user_id: String(user.id), subject: { content: prompt_content, focus_keyphrase, language, platform } },
          headers: { 'X-Yst-Cohort': editor },
        });
        return choicesOf(body).map((choice) => text(answerField(choice, 'text')));
      } catch (error) {
        return failedAnswer(error, 'Failed to get suggestions.');
      }
    },

    async getUsage(_request, context, storage) {
      const session = sessionOf(deps, storage, context, context.user!);
      try {
        // Free usage: site-rest has none of Yoast's add-ons (Premium, WooCommerce SEO), so `is_free` holds for every entity.
        return decodedAnswer(await sendWithToken(session, { method: 'GET', path: '/usage/free-usages' }));
      } catch (error) {
        // What PHP leaves uncaught (a token that never arrived, revoking that fails) is WordPress's fatal-error 500.
        if (!(error instanceof AiRemoteFailure)) return internal();
        const { failure } = error;
        if (failure.status === 403) {
          try {
            await revokeConsent(session);
          } catch {
            return internal();
          }
        }
        const body: JsonObject = { errorMessage: failure.message, errorIdentifier: failure.errorIdentifier, errorCode: failure.status };
        if (failure.status === 429) body.missingLicenses = failure.missingLicenses;
        return new RestResponse(body, failure.status);
      }
    },

    async bustSubscriptionCache(_request, _context, storage) {
      for (const name of SITE_INFORMATION_TRANSIENTS) await storage.deleteTransient(name);
      return 'Subscription cache successfully busted.';
    },

    async startFreeSparks(_request, _context, storage) {
      await storage.mergeOption('wpseo', { ai_free_sparks_started_on: nowSeconds() });
      return 'Free sparks successfully started.';
    },

    async dismissPlannerBanner(request, context, storage) {
      await storage.setUserMeta(context.user!.id, new Map([[BANNER_DISMISSED, request.params.is_dismissed ? '1' : '']]));
      return { success: true };
    },

    async getPlannerSuggestions(request, context, storage) {
      const { post_type, language, editor } = request.params;
      const session = sessionOf(deps, storage, context, context.user!);
      const [recent, about] = await Promise.all([storage.recentPosts(post_type, RECENT_LIMIT), aboutPageOf(storage, post_type)]);
      const posts = await Promise.all(recent.map((post) => describedPost(storage, post)));
      const content: JsonObject = { posts };
      if (about !== null) content.about_page = about;
      try {
        const body = await revokingOnForbidden(session, {
          path: '/content-planner/next-post-suggestions',
          body: { subject: { language, content } },
          headers: { 'X-Yst-Cohort': editor },
        });
        const suggestions = await Promise.all(
          choicesOf(body).map(async (choice) => ({
            title: text(answerField(choice, 'title')),
            intent: text(answerField(choice, 'intent')),
            explanation: text(answerField(choice, 'explanation')),
            keyphrase: text(answerField(choice, 'keyphrase')),
            meta_description: text(answerField(choice, 'meta_description')),
            category: categoryOf(await storage.categoryByName(text(answerField(answerField(choice, 'category'), 'name')))),
          })),
        );
        return { suggestions, recent_content: posts.map(({ title, description }) => ({ title: title!, description: description! })) };
      } catch (error) {
        return failedAnswer(error, 'Failed to get content suggestions.');
      }
    },

    async getPlannerOutline(request, context, storage) {
      const { post_type, language, editor, title, intent, explanation, keyphrase, meta_description, category, recent_content } =
        request.params;
      const session = sessionOf(deps, storage, context, context.user!);
      const content: JsonObject = {
        new_post_metadata: { title, intent, explanation, keyphrase, meta_description, category: { name: category.name, id: category.id } },
        existing_posts: recent_content.map((post) => ({ title: post.title, description: post.description })),
      };
      const about = await aboutPageOf(storage, post_type);
      if (about !== null) content.about_page = about;
      try {
        const body = await revokingOnForbidden(session, {
          path: '/content-planner/next-post-outline',
          body: { subject: { language, content } },
          headers: { 'X-Yst-Cohort': String(editor) },
        });
        const outline = choicesOf(body).map((choice) => ({
          subheading_text: answerField(choice, 'subheading_text'),
          content_notes: answerField(choice, 'content_notes') ?? [],
        }));
        return { outline };
      } catch (error) {
        return failedAnswer(error, 'Failed to get content outline.');
      }
    },
  };
}

/** The AI group's permission check: the planner needs `edit_posts` of the requested post type (`cap->edit_posts`). */
export const seoBAiChecks: Checks<typeof seoBAiRoutes, SeoBStorage> = {
  canEditPostType: (request, context) => {
    const capability = EDIT_CAPABILITY.get(String(request.params.post_type));
    return context.user !== null && capability !== undefined && context.user.can(capability);
  },
};
