import type { UserStore } from '../core/auth/user-store.js';
import type { SendMail } from '../core/mail/message.js';
import type { MountableNamespace } from '../core/types.js';
import { checkOptions, fn, hostObject, optionsObject, texts, type OptionsShape } from '../core/options.js';
import { corePosts, corePostsOptions, type CorePostsOptions } from './core-posts/index.js';
import { coreAbilities, coreAbilitiesOptions, type CoreAbilitiesOptions } from './core-abilities/index.js';
import { indexOnly } from './define.js';
import { contactForms, contactFormsOptions, type ContactFormsOptions } from './contact-forms/index.js';
import { loginGuard, loginGuardOptions, type LoginGuardOptions } from './login-guard/index.js';
import { hostToolkit, hostToolkitOptions, type HostToolkitOptions } from './host-toolkit/index.js';
import { oembed, oembedOptions, type OembedOptions } from './oembed/index.js';
import { themeblocks, themeblocksOptions, type ThemeblocksOptions } from './themeblocks/index.js';
import { theme, themeOptions, type ThemeOptions } from './theme/index.js';
import { pageCache, pageCacheOptions, type PageCacheOptions } from './page-cache/index.js';
import { seoA, seoAOptions, type SeoAOptions } from './seo-a/index.js';
import { seoB, seoBOptions, type SeoBOptions } from './seo-b/index.js';
import { siteInsights, siteInsightsOptions, type SiteInsightsOptions } from './site-insights/index.js';
import {
  blocksuiteDesignLibrary,
  blocksuiteDesignLibraryOptions,
  type BlocksuiteDesignLibraryOptions,
} from './blocksuite-design-library/index.js';
import { blocksuiteMaillist, blocksuiteMaillistOptions, type BlocksuiteMaillistOptions } from './blocksuite-maillist/index.js';
import { blocksuiteResponder, blocksuiteResponderOptions, type BlocksuiteResponderOptions } from './blocksuite-responder/index.js';
import { blocksuiteCrm, blocksuiteCrmOptions, type BlocksuiteCrmOptions } from './blocksuite-crm/index.js';
import { blocksuiteImagePicker, blocksuiteImagePickerOptions, type BlocksuiteImagePickerOptions } from './blocksuite-image-picker/index.js';
import type { ImageDownload } from './image-download.js';
import { siteKitLink, type SiteKitLink } from './site-kit-link.js';
import { blocksuite, blocksuiteOptions, type BlocksuiteOptions } from './blocksuite/index.js';
import { blocksuiteAnimation, blocksuiteAnimationOptions, type BlocksuiteAnimationOptions } from './blocksuite-animation/index.js';

/** The namespaces each variant of the interface specification lists, in its order. */
export const VARIANT_NAMESPACES = {
  A: [
    'oembed/1.0',
    'core/v2',
    'core-site-health/v1',
    'core-block-editor/v1',
    'blocksuite/v1',
    'blocksuite-maillist/v1',
    'blocksuite-responder/v1',
    'blocksuite-crm/v1',
    'blocksuite-animation/v1',
    'blocksuite-design-library/v1',
    'blocksuite-image-picker/v1',
    'themeblocks/v1',
    'seo-a/v1',
    'theme/v1',
  ],
  B: [
    'oembed/1.0',
    'core/v2',
    'core-site-health/v1',
    'core-block-editor/v1',
    'host-toolkit/api',
    'contact-forms/v1',
    'seo-b/v1',
    'page-cache/v1',
    'login-guard/v1',
    'site-insights/v1',
    'core-abilities/v1',
  ],
} as const;

/** A variant of the interface specification. */
export type Variant = keyof typeof VARIANT_NAMESPACES;

/** Options of {@link variantA} and {@link variantB}: each namespace's own options, and what they share. */
export interface VariantOptions {
  /** `core/v2` posts; its storage (default: the server's site store) also answers oEmbed's lookups. */
  posts?: Omit<CorePostsOptions, 'namespace'>;
  /** `oembed/1.0` (its posts come from `posts.storage`). */
  oembed?: Omit<OembedOptions, 'posts'>;
  /** `contact-forms/v1` (variant B). */
  contactForms?: ContactFormsOptions;
  /** `themeblocks/v1` (variant A): the host's layouts and sections, and the keys the library shows. */
  themeblocks?: ThemeblocksOptions;
  /** `theme/v1` (variant A). */
  theme?: ThemeOptions;
  /** `login-guard/v1` (variant B); its codes go out through `sendMail` unless it names its own. */
  loginGuard?: LoginGuardOptions;
  /** `host-toolkit/api` (variant B): its control panel and limits. */
  hostToolkit?: HostToolkitOptions;
  /** `page-cache/v1` (variant B): the page cache it reports on and purges, and its limits. */
  pageCache?: PageCacheOptions;
  /** `core-abilities/v1` (variant B): the abilities it serves, beside WordPress's core ones. */
  coreAbilities?: CoreAbilitiesOptions;
  /** `blocksuite/v1` (variant A): the site's post types and taxonomies beyond WordPress's, for Kadence's query block. */
  blocksuite?: BlocksuiteOptions;
  /** `blocksuite-animation/v1` (variant A): Lottie animations, their storage and size cap. */
  blocksuiteAnimation?: BlocksuiteAnimationOptions;
  /** `seo-a/v1` (variant A): SEOPress's fields, headless data, options and the page renderer its content analysis reads. */
  seoA?: SeoAOptions;
  /** `seo-b/v1` (variant B): Yoast SEO's indexables and head, its editors' routes, and the AI, keyphrase and rank-tracking services. */
  seoB?: SeoBOptions;
  /** `site-insights/v1` (variant B): Site Kit's set-up, settings, modules, e-mail reporting and the gateway to Google's APIs; its invitations go out through `sendMail` unless it names its own. */
  siteInsights?: SiteInsightsOptions;
  /** `blocksuite-design-library/v1` (variant A): the design library's upstreams, their limits and its storage. */
  blocksuiteDesignLibrary?: BlocksuiteDesignLibraryOptions;
  /** `blocksuite-maillist/v1` (variant A): the MailerLite client the form block's pickers ask. */
  blocksuiteMaillist?: BlocksuiteMaillistOptions;
  /** `blocksuite-responder/v1` (variant A): the GetResponse client, and where its settings come from. */
  blocksuiteResponder?: BlocksuiteResponderOptions;
  /** `blocksuite-crm/v1` (variant A): FluentCRM's lookups, and whether it is active. */
  blocksuiteCrm?: BlocksuiteCrmOptions;
  /** `blocksuite-image-picker/v1` (variant A): its download limits and storage; its download is `imageDownload` unless it names its own. */
  blocksuiteImagePicker?: BlocksuiteImagePickerOptions;
  /**
   * How every namespace that imports images fetches them (the image picker, the design library's
   * imports, unless they name their own). Default: none, so nothing is downloaded; on Node,
   * `nodeImageDownload()` from `site-rest/node` reaches public addresses only.
   */
  imageDownload?: ImageDownload;
  /** Where every namespace that mails sends its mail (contact forms, login guard and Site Kit's invitations, unless they name their own). Default: none, so no mail goes out. */
  sendMail?: SendMail;
  /** The site's users: oEmbed documents name a post's author from here. */
  users?: UserStore;
  /** Mount only these of the variant's namespaces (default: all that site-rest implements). */
  only?: readonly string[];
}

/** The checks of {@link VariantOptions}: each namespace's own, so a mistyped key in one is refused even where the variant does not mount it. */
const variantOptions = optionsObject({
  posts: corePostsOptions.omit({ namespace: true }).optional(),
  oembed: oembedOptions.omit({ posts: true }).optional(),
  contactForms: contactFormsOptions.optional(),
  themeblocks: themeblocksOptions.optional(),
  theme: themeOptions.optional(),
  loginGuard: loginGuardOptions.optional(),
  hostToolkit: hostToolkitOptions.optional(),
  pageCache: pageCacheOptions.optional(),
  coreAbilities: coreAbilitiesOptions.optional(),
  seoA: seoAOptions.optional(),
  seoB: seoBOptions.optional(),
  siteInsights: siteInsightsOptions.optional(),
  blocksuiteDesignLibrary: blocksuiteDesignLibraryOptions.optional(),
  blocksuiteMaillist: blocksuiteMaillistOptions.optional(),
  blocksuiteResponder: blocksuiteResponderOptions.optional(),
  blocksuiteCrm: blocksuiteCrmOptions.optional(),
  blocksuiteImagePicker: blocksuiteImagePickerOptions.optional(),
  imageDownload: fn('request, signal → { contentType, bytes } or null').optional(),
  blocksuite: blocksuiteOptions.optional(),
  blocksuiteAnimation: blocksuiteAnimationOptions.optional(),
  sendMail: fn('mail, signal → sent or not').optional(),
  users: hostObject('a user store (await createUserStore(...) from site-rest/node)').optional(),
  only: texts.optional(),
} satisfies OptionsShape<VariantOptions>);

/** Builds a namespace from the variant's options; `link` joins seo-b and site-insights when both are mounted. */
type Builder = (options: VariantOptions, link: SiteKitLink | undefined) => MountableNamespace;

/** Contact forms' options with the variant's `sendMail` where their storage names none of its own. */
function withSendMail(options: ContactFormsOptions | undefined, sendMail: SendMail | undefined): ContactFormsOptions | undefined {
  if (!sendMail || options?.storage?.sendMail) return options;
  return { ...options, storage: { ...options?.storage, sendMail: (mail) => sendMail(mail) } };
}

/** The namespaces site-rest implements, by name. */
const BUILDERS: Readonly<Record<string, Builder>> = {
  'oembed/1.0': (options) =>
    oembed({
      ...options.oembed,
      posts: options.posts?.storage,
      authorOf:
        options.oembed?.authorOf ??
        (options.users &&
          (async (id) => {
            const user = await options.users?.getUser(id);
            return user ? { name: user.name, slug: user.username.toLowerCase() } : null;
          })),
    }),
  'core/v2': (options) => corePosts(options.posts),
  'core-site-health/v1': () => indexOnly('core-site-health/v1'),
  'core-block-editor/v1': () => indexOnly('core-block-editor/v1'),
  'blocksuite-maillist/v1': (options) => blocksuiteMaillist(options.blocksuiteMaillist),
  'blocksuite-responder/v1': (options) => blocksuiteResponder(options.blocksuiteResponder),
  'blocksuite-crm/v1': (options) => blocksuiteCrm(options.blocksuiteCrm),
  'host-toolkit/api': (options) => hostToolkit(options.hostToolkit),
  'contact-forms/v1': (options) => contactForms(withSendMail(options.contactForms, options.sendMail)),
  'themeblocks/v1': (options) => themeblocks(options.themeblocks),
  'login-guard/v1': (options) => loginGuard({ ...options.loginGuard, sendMail: options.loginGuard?.sendMail ?? options.sendMail }),
  'page-cache/v1': (options) => pageCache(options.pageCache),
  'core-abilities/v1': (options) => coreAbilities(options.coreAbilities),
  'theme/v1': (options) => theme(options.theme),
  'seo-a/v1': (options) => seoA(options.seoA),
  'seo-b/v1': (options, link) => seoB(link ? { ...options.seoB, siteKitLink: link } : options.seoB),
  'site-insights/v1': (options, link) =>
    siteInsights({
      ...options.siteInsights,
      sendMail: options.siteInsights?.sendMail ?? options.sendMail,
      ...(link ? { siteKitLink: link } : {}),
    }),
  'blocksuite-design-library/v1': (options) =>
    blocksuiteDesignLibrary({
      ...options.blocksuiteDesignLibrary,
      imageDownload: options.blocksuiteDesignLibrary?.imageDownload ?? options.imageDownload,
    }),
  'blocksuite-image-picker/v1': (options) =>
    blocksuiteImagePicker({
      ...options.blocksuiteImagePicker,
      imageDownload: options.blocksuiteImagePicker?.imageDownload ?? options.imageDownload,
    }),
  'blocksuite/v1': (options) => blocksuite(options.blocksuite),
  'blocksuite-animation/v1': (options) => blocksuiteAnimation(options.blocksuiteAnimation),
};

/** The variant's namespaces site-rest implements so far, in the specification's order. */
export function implementedNamespaces(variant: Variant): string[] {
  return VARIANT_NAMESPACES[variant].filter((namespace) => namespace in BUILDERS);
}

/** A variant's namespaces in the specification's order; core posts and oEmbed read the same posts. */
export function variantModules(variant: Variant, options: VariantOptions = {}): MountableNamespace[] {
  checkOptions(variantOptions, options, `variant${variant}`);
  const wanted = options.only ?? implementedNamespaces(variant);
  const unknown = wanted.filter((namespace) => !implementedNamespaces(variant).includes(namespace));
  if (unknown.length > 0) {
    throw new TypeError(
      `site-rest: variant ${variant} has no implemented namespace ${unknown.join(', ')} (implemented: ${implementedNamespaces(variant).join(', ')})`,
    );
  }
  // Core posts checks the posts storage oEmbed shares before oEmbed does, so a refusal names it as core posts'.
  if (options.posts?.storage) corePosts(options.posts);
  const mounted = implementedNamespaces(variant).filter((namespace) => wanted.includes(namespace));
  // Yoast reads Site Kit through Site Kit's own routes: one link per call, so two servers never share it.
  const link = mounted.includes('seo-b/v1') && mounted.includes('site-insights/v1') ? siteKitLink() : undefined;
  return mounted.map((namespace) => BUILDERS[namespace]!(options, link));
}

/** Variant A's namespaces (those implemented so far), in the specification's order. */
export function variantA(options: VariantOptions = {}): MountableNamespace[] {
  return variantModules('A', options);
}

/** Variant B's namespaces (those implemented so far), in the specification's order. */
export function variantB(options: VariantOptions = {}): MountableNamespace[] {
  return variantModules('B', options);
}
