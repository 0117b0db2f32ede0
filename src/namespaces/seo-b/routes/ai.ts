import { sanitizeBoolean } from '../../../core/schema/coerce.js';
import type { RouteSpecTable } from '../../define.js';

/** The params Yoast's server posts to both callback routes. */
const TOKEN_DELIVERY = {
  access_jwt: { type: 'string', required: true },
  refresh_jwt: { type: 'string', required: true },
  code_challenge: { description: 'hash of a verification code', type: 'string', required: true },
  user_id: { type: 'integer', required: true },
} as const;

/** The editors Yoast's AI routes know (`X-Yst-Cohort`). */
const EDITORS = ['classic', 'elementor', 'gutenberg'] as const;

/**
 * The `seo-b/v1` routes of Yoast AI: the PKCE callbacks Yoast's server calls, consent, the
 * generator's suggestions and usage, the subscription cache, free sparks and the content planner.
 */
export const seoBAiRoutes = [
  {
    path: '/ai_generator/callback',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Store the AI tokens Yoast AI delivers',
        args: TOKEN_DELIVERY,
        permission: 'public',
        handler: 'storeTokens',
      },
    ],
  },
  {
    path: '/ai_generator/refresh_callback',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Store the refreshed AI tokens Yoast AI delivers',
        args: TOKEN_DELIVERY,
        permission: 'public',
        handler: 'storeTokens',
      },
    ],
  },
  {
    path: '/ai_generator/consent',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Give or revoke consent to the AI features',
        args: { consent: { type: 'boolean', required: true } },
        permission: 'edit_posts',
        handler: 'consent',
      },
    ],
  },
  {
    path: '/ai_generator/get_suggestions',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Get AI suggestions for a title or meta description',
        args: {
          type: {
            type: 'string',
            enum: [
              'seo-title',
              'meta-description',
              'product-seo-title',
              'product-meta-description',
              'product-taxonomy-seo-title',
              'product-taxonomy-meta-description',
              'taxonomy-seo-title',
              'taxonomy-meta-description',
            ],
            required: true,
          },
          prompt_content: { type: 'string', required: true },
          focus_keyphrase: { type: 'string', required: true },
          language: { type: 'string', required: true },
          platform: { type: 'string', enum: ['Google', 'Facebook', 'Twitter'], required: true },
          editor: { type: 'string', enum: EDITORS, required: true },
        },
        permission: 'edit_posts',
        handler: 'getSuggestions',
      },
    ],
  },
  {
    path: '/ai_generator/get_usage',
    endpoints: [
      {
        methods: ['POST'],
        summary: "Get the user's AI usage",
        args: { is_woo_product_entity: { type: 'boolean', default: false, required: false } },
        permission: 'edit_posts',
        handler: 'getUsage',
      },
    ],
  },
  {
    path: '/ai_generator/bust_subscription_cache',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Forget the cached MyYoast subscriptions',
        args: {},
        permission: 'edit_posts',
        handler: 'bustSubscriptionCache',
      },
    ],
  },
  {
    path: '/ai/free_sparks',
    endpoints: [{ methods: ['POST'], summary: 'Start the free sparks', args: {}, permission: 'edit_posts', handler: 'startFreeSparks' }],
  },
  {
    path: '/ai_content_planner/banner_permanent_dismissal',
    endpoints: [
      {
        methods: ['POST'],
        summary: "Dismiss the content planner's banner for good",
        args: { is_dismissed: { type: 'bool', required: true, sanitizeCallback: sanitizeBoolean } },
        permission: 'edit_posts',
        handler: 'dismissPlannerBanner',
      },
    ],
  },
  {
    path: '/ai_content_planner/get_suggestions',
    endpoints: [
      {
        methods: ['GET'],
        summary: 'Get AI suggestions for the next post',
        args: {
          post_type: { type: 'string', required: true },
          language: { type: 'string', required: true },
          editor: { type: 'string', enum: EDITORS, required: true },
        },
        check: 'canEditPostType',
        handler: 'getPlannerSuggestions',
      },
    ],
  },
  {
    path: '/ai_content_planner/get_outline',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Get an AI outline of a suggested post',
        args: {
          post_type: { type: 'string', required: true },
          language: { type: 'string', required: true },
          title: { type: 'string', required: true },
          intent: { type: 'string', required: true },
          explanation: { type: 'string', required: true },
          keyphrase: { type: 'string', required: true },
          meta_description: { type: 'string', required: true },
          editor: { enum: EDITORS, required: true },
          category: {
            description: 'name empty and id -1 mean no category',
            type: 'object',
            properties: { name: { type: 'string', required: true }, id: { type: 'integer', required: true } },
            required: true,
          },
          recent_content: {
            type: 'array',
            maxItems: 100,
            items: {
              type: 'object',
              additionalProperties: false,
              properties: {
                title: { type: 'string', maxLength: 500, required: true },
                description: { type: 'string', maxLength: 1000, required: true },
              },
            },
            required: true,
          },
        },
        check: 'canEditPostType',
        handler: 'getPlannerOutline',
      },
    ],
  },
] as const satisfies RouteSpecTable;
