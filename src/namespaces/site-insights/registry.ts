import type { SettingsObject } from '../option-object.js';

/** One of Site Kit's modules, as its `setup_info()` and the interfaces its class implements describe it. */
export interface SiteKitModule {
  /** Its slug (`search-console`). */
  readonly slug: string;
  /** Its name, as the dashboard shows it. */
  readonly name: string;
  /** What it does. */
  readonly description: string;
  /** Its service's home page. */
  readonly homepage: string;
  /** Where the dashboard lists it (Site Kit's default is 10). */
  readonly order: number;
  /** Hidden from the dashboard's module list (`internal`). */
  readonly internal: boolean;
  /** Always active (`is_force_active()`). */
  readonly forceActive: boolean;
  /** The modules it needs active (`depends_on`). */
  readonly dependsOn: readonly string[];
  /** It has an owner, the admin whose Google access it uses (`Module_With_Owner`). */
  readonly owned: boolean;
  /** Its data can be shared with other roles (an owner and datapoints Site Kit marks shareable), once connected. */
  readonly shareable: boolean;
  /** It reads a Google property or account the owner picked (`Module_With_Service_Entity`), which `check-access` asks Google about. */
  readonly serviceEntity: boolean;
  /** The option holding its settings (`Module_With_Settings`); null when it has none. */
  readonly settingsOption: string | null;
  /** Whether its settings make it connected (`is_connected()`), once active. */
  readonly connected: (settings: SettingsObject) => boolean;
}

/** Whether every key named holds a non-empty value (PHP's `! empty()`). */
const all =
  (...keys: string[]) =>
  (settings: SettingsObject): boolean =>
    keys.every((key) => Boolean(settings[key]) && settings[key] !== '0');

/** Whether some key named holds a non-empty value. */
const some =
  (...keys: string[]) =>
  (settings: SettingsObject): boolean =>
    keys.some((key) => Boolean(settings[key]) && settings[key] !== '0');

/** Connected once active: Site Kit's base `Module::is_connected()`. */
const always = (): boolean => true;

/** Site Kit 1.184's modules, in the order `Modules::$core_modules` registers them. */
export const SITE_KIT_MODULES: readonly SiteKitModule[] = [
  {
    slug: 'site-verification',
    name: 'Site Verification',
    description: 'Google Site Verification allows you to manage ownership of your site.',
    homepage: 'https://www.google.com/webmasters/verification/home',
    order: 0,
    internal: true,
    forceActive: true,
    dependsOn: [],
    owned: false,
    shareable: false,
    serviceEntity: false,
    settingsOption: null,
    connected: always,
  },
  {
    slug: 'search-console',
    name: 'Search Console',
    description:
      'Google Search Console and helps you understand how Google views your site and optimize its performance in search results.',
    homepage: 'https://search.google.com/search-console',
    order: 1,
    internal: false,
    forceActive: true,
    dependsOn: [],
    owned: true,
    shareable: true,
    serviceEntity: true,
    settingsOption: 'googlesitekit_search-console_settings',
    connected: always,
  },
  {
    slug: 'ads',
    name: 'Ads',
    description: 'Grow sales, leads or awareness for your business by advertising with Google Ads',
    homepage: 'https://google.com/ads',
    order: 10,
    internal: false,
    forceActive: false,
    dependsOn: [],
    owned: false,
    shareable: false,
    serviceEntity: false,
    settingsOption: 'googlesitekit_ads_settings',
    connected: some('conversionID', 'paxConversionID', 'extCustomerID'),
  },
  {
    slug: 'analytics-4',
    name: 'Analytics',
    description:
      'Get a deeper understanding of your customers. Google Analytics gives you the free tools you need to analyze data for your business in one place.',
    homepage: 'https://analytics.google.com/analytics/web',
    order: 10,
    internal: false,
    forceActive: false,
    dependsOn: [],
    owned: true,
    shareable: true,
    serviceEntity: true,
    settingsOption: 'googlesitekit_analytics-4_settings',
    connected: all('accountID', 'propertyID', 'webDataStreamID', 'measurementID'),
  },
  {
    slug: 'tagmanager',
    name: 'Tag Manager',
    description: 'Tag Manager creates an easy to manage way to create tags on your site without updating code',
    homepage: 'https://tagmanager.google.com/',
    order: 10,
    internal: false,
    forceActive: false,
    dependsOn: [],
    owned: true,
    shareable: false,
    serviceEntity: true,
    settingsOption: 'googlesitekit_tagmanager_settings',
    connected: all('containerID'),
  },
  {
    slug: 'adsense',
    name: 'AdSense',
    description: 'Earn money by placing ads on your website. It’s free and easy.',
    homepage: 'https://adsense.google.com/start',
    order: 10,
    internal: false,
    forceActive: false,
    dependsOn: [],
    owned: true,
    shareable: true,
    serviceEntity: true,
    settingsOption: 'googlesitekit_adsense_settings',
    connected: all('accountSetupComplete', 'siteSetupComplete'),
  },
  {
    slug: 'pagespeed-insights',
    name: 'PageSpeed Insights',
    description: 'Google PageSpeed Insights gives you metrics about performance, accessibility, SEO and PWA',
    homepage: 'https://pagespeed.web.dev',
    order: 10,
    internal: false,
    forceActive: false,
    dependsOn: [],
    owned: true,
    shareable: true,
    serviceEntity: false,
    settingsOption: 'googlesitekit_pagespeed-insights_settings',
    connected: always,
  },
  {
    slug: 'sign-in-with-google',
    name: 'Sign in with Google',
    description:
      'Improve user engagement, trust and data privacy, while creating a simple, secure and personalized experience for your visitors',
    homepage: 'https://developers.google.com/identity/gsi/web/guides/overview',
    order: 10,
    internal: false,
    forceActive: false,
    dependsOn: [],
    owned: false,
    shareable: false,
    serviceEntity: false,
    settingsOption: 'googlesitekit_sign-in-with-google_settings',
    connected: all('clientID'),
  },
  {
    slug: 'reader-revenue-manager',
    name: 'Reader Revenue Manager',
    description:
      'Add simple CTAs to your pages that ask readers to sign up for your newsletter, complete a survey, make a contribution, or subscribe',
    homepage: 'https://publishercenter.google.com',
    order: 10,
    internal: false,
    forceActive: false,
    dependsOn: [],
    owned: true,
    shareable: false,
    serviceEntity: true,
    settingsOption: 'googlesitekit_reader-revenue-manager_settings',
    connected: all('publicationID'),
  },
];

/** The modules by slug. */
const BY_SLUG: ReadonlyMap<string, SiteKitModule> = new Map(SITE_KIT_MODULES.map((module) => [module.slug, module]));

/** A module by its slug; undefined for none. */
export function siteKitModule(slug: string): SiteKitModule | undefined {
  return BY_SLUG.get(slug);
}
