// What the editors' routes check names against: the post types and taxonomies WordPress 6.1
// registers at `init` (`post_type_exists`, `taxonomy_exists`), and what Yoast SEO 28.1 registers:
// its introductions (`Introductions_Collector`) and its dismissable alerts
// (`wpseo_allowed_dismissable_alerts`).

/** WordPress 6.1's post types. */
export const REGISTERED_POST_TYPES: ReadonlySet<string> = new Set([
  'post',
  'page',
  'attachment',
  'revision',
  'nav_menu_item',
  'custom_css',
  'customize_changeset',
  'oembed_cache',
  'user_request',
  'wp_block',
  'wp_template',
  'wp_template_part',
  'wp_global_styles',
  'wp_navigation',
]);

/** WordPress 6.1's taxonomies. */
export const REGISTERED_TAXONOMIES: ReadonlySet<string> = new Set([
  'category',
  'post_tag',
  'nav_menu',
  'link_category',
  'post_format',
  'wp_theme',
  'wp_template_part_area',
]);

/**
 * The introductions Yoast 28.1's container registers. Whether one is shown (its `should_show`: the
 * page, the user's role, Premium, the date) decides only the admin screen's list; marking one seen
 * takes any of these (`is_available_introduction`).
 */
export const INTRODUCTIONS: ReadonlySet<string> = new Set([
  'ai-brand-insights-free-trial',
  'ai-brand-insights-post-launch',
  'ai-brand-insights-pre-launch',
  'ai-fix-assessments-upsell',
  'black-friday-announcement',
  'delayed-premium-upsell',
  'google-docs-addon-upsell',
  'schema-aggregator-announcement',
]);

/**
 * The alerts Yoast 28.1's integrations add to `wpseo_allowed_dismissable_alerts` (the Jetpack Boost one
 * whenever Premium and Jetpack Boost's premium are inactive, as here).
 */
export const DISMISSABLE_ALERTS: readonly string[] = [
  'ai_generator_tip_notification',
  'black-friday-2023-product-editor-checklist',
  'black-friday-promotion',
  'black-friday-2023-sidebar-checklist',
  'get-jetpack-boost-pre-publish-notification',
  'trustpilot-review-notification',
  'webinar-promo-notification',
];
