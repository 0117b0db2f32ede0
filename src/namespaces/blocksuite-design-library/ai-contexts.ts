// The AI content contexts of Kadence Blocks 3.5 (`$initial_contexts`, `$all_contexts`) and the
// prompts each asks `content/create` for, with the wizard's answers as the plugin sends them.
import { isEmpty } from '../../core/php/values.js';
import type { JsonValue } from '../../store/types.js';
import type { JsonObject } from '../recorded-double.js';
import type { WizardAnswers } from './storage.js';

/** The contexts the wizard starts jobs for (`get_initial_jobs`, and `get-all-ai` with `force_reload`): 20, as the plugin lists them. */
export const INITIAL_CONTEXTS = [
  'about',
  'achievements',
  'call-to-action',
  'contact-form',
  'donate',
  'events',
  'faq',
  'get-started',
  'industries',
  'location',
  'mission',
  'pricing-table',
  'product-details',
  'products-services',
  'subscribe-form',
  'team',
  'testimonials',
  'value-prop',
  'welcome',
  'work',
] as const;

/** Every context the library shows (`get_remaining_jobs`, `get-all-ai`): 27. */
export const ALL_CONTEXTS = [
  'about',
  'achievements',
  'blog',
  'call-to-action',
  'careers',
  'contact-form',
  'donate',
  'events',
  'faq',
  'get-started',
  'history',
  'industries',
  'location',
  'mission',
  'news',
  'partners',
  'pricing-table',
  'products-services',
  'profile',
  'subscribe-form',
  'support',
  'team',
  'testimonials',
  'value-prop',
  'volunteer',
  'welcome',
  'work',
] as const;

/** A context's prompts: the context itself, then the variants its patterns are written for. */
const variants = (context: string, ...suffixes: string[]): string[] => [context, ...suffixes.map((suffix) => `${context}-${suffix}`)];

/** The prompts each context asks for (`get_new_remote_contents`' switch); a context not listed sends none. */
const PROMPTS: ReadonlyMap<string, readonly string[]> = new Map([
  ['about', variants('about', 'hero', 'columns', 'list', 'videos')],
  ['achievements', variants('achievements', 'columns', 'list', 'videos')],
  ['blog', ['blog-post-loop', 'blog-table-contents']],
  ['call-to-action', variants('call-to-action', 'columns', 'list', 'videos')],
  ['careers', variants('careers', 'hero', 'columns', 'list', 'videos')],
  ['contact-form', ['contact-form']],
  ['donate', variants('donate', 'hero', 'columns', 'list', 'videos')],
  ['events', variants('events', 'hero', 'columns', 'list', 'videos')],
  ['faq', ['faq-accordion']],
  ['get-started', variants('get-started', 'accordion', 'columns', 'list')],
  ['history', variants('history', 'columns', 'list', 'videos')],
  ['industries', variants('industries', 'accordion', 'list', 'columns', 'tabs')],
  ['location', variants('location', 'columns', 'tabs')],
  ['mission', variants('mission', 'columns', 'list', 'videos')],
  ['news', ['news-post-loop']],
  ['partners', variants('partners', 'columns', 'list')],
  ['podcast', ['podcast']],
  ['pricing-table', ['pricing-pricing-table']],
  ['product-details', ['product-details-accordion']],
  [
    'products-services',
    [...variants('products-services', 'columns', 'hero', 'list', 'single', 'tabs', 'videos'), 'product-details-accordion'],
  ],
  ['profile', variants('profile', 'columns', 'list', 'videos')],
  ['subscribe-form', ['subscribe-form']],
  ['support', variants('support', 'columns', 'list', 'videos')],
  ['team', variants('team', 'columns', 'list', 'people', 'videos')],
  ['testimonials', ['testimonials-testimonials']],
  ['value-prop', variants('value-prop', 'columns', 'hero', 'list', 'tabs', 'videos')],
  ['volunteer', variants('volunteer', 'hero', 'list', 'columns', 'videos')],
  ['welcome', variants('welcome', 'hero', 'list', 'columns', 'videos')],
  ['work', variants('work', 'columns', 'counter-stats', 'list', 'videos')],
]);

/** A wizard answer as the plugin sends it: the value when not empty, else `''`. */
function answer(answers: WizardAnswers, name: string): JsonValue {
  const value = Object.hasOwn(answers, name) ? answers[name] : undefined;
  return value === undefined || isEmpty(value) ? '' : value;
}

/** The industry the plugin sends: the specific one, or the one written under "Other". */
function industryOf(answers: WizardAnswers): JsonValue {
  const specific = answer(answers, 'industrySpecific');
  const other = answer(answers, 'industryOther');
  if (specific !== '' && specific !== 'Other') return specific;
  if (specific === 'Other' && other !== '') return other;
  if (answer(answers, 'industry') === 'Other' && other !== '') return other;
  return answer(answers, 'industry');
}

/** `content/create`'s JSON body for `context`: the wizard's answers and the context's prompts. */
export function createJobBody(context: string, answers: WizardAnswers): JsonObject {
  const body: JsonObject = {
    context: 'kadence',
    company: answer(answers, 'companyName'),
    industry: industryOf(answers),
    location: answer(answers, 'location'),
    mission: answer(answers, 'missionStatement'),
    tone: answer(answers, 'tone'),
    keywords: answer(answers, 'keywords'),
    lang: answer(answers, 'lang'),
  };
  const prompts = PROMPTS.get(context);
  if (prompts) body.prompts = [...prompts];
  return body;
}
