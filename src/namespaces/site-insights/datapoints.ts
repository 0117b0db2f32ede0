// Each Site Kit module's datapoints (`get_datapoint_definitions()` of `Modules/*.php` in 1.184), as
// data: the `METHOD:name` keys `modules/{slug}/data/{datapoint}` answers, which of them a shared
// role may read through the module owner's Google access (`shareable`), and which check their
// own permission (`Permission_Aware_Datapoint`). Datapoints behind feature flags that are off in
// the release (Analytics' `siteGoals`) are left out, as Site Kit leaves them out.

/** One datapoint of a module. */
interface SiteKitDatapoint {
  /** A user in a role the module is shared with reads it through the owner's Google access (`Shareable_Datapoint`). */
  readonly shareable: boolean;
  /** Its own permission in place of the route's (`Permission_Aware_Datapoint`): every user who may view the dashboard. */
  readonly viewDashboard: boolean;
}

const OWN: SiteKitDatapoint = { shareable: false, viewDashboard: false };
const SHARED: SiteKitDatapoint = { shareable: true, viewDashboard: false };
const DASHBOARD_SHARED: SiteKitDatapoint = { shareable: true, viewDashboard: true };

/** Datapoints by module slug, then by `METHOD:name` (the method Site Kit's data request carries: `GET` or `POST`). */
const DATAPOINTS: Readonly<Record<string, Readonly<Record<string, SiteKitDatapoint>>>> = {
  'site-verification': {
    'GET:verification': OWN,
    'POST:verification': OWN,
    'GET:verification-token': OWN,
    'GET:verified-sites': OWN,
  },
  'search-console': {
    'GET:matched-sites': OWN,
    'GET:searchanalytics': SHARED,
    'POST:searchanalytics-batch': SHARED,
    'POST:site': OWN,
    'GET:sites': OWN,
  },
  ads: {},
  'analytics-4': {
    'GET:account-summaries': OWN,
    'GET:accounts': OWN,
    'GET:ads-links': OWN,
    'GET:adsense-links': OWN,
    'GET:container-lookup': OWN,
    'GET:container-destinations': OWN,
    'GET:key-events': SHARED,
    'POST:create-account-ticket': OWN,
    'GET:google-tag-settings': OWN,
    'POST:create-property': OWN,
    'POST:create-webdatastream': OWN,
    'GET:properties': OWN,
    'GET:property': OWN,
    'GET:has-property-access': OWN,
    'GET:report': SHARED,
    'GET:batch-report': SHARED,
    'GET:webdatastreams': OWN,
    'GET:webdatastreams-batch': OWN,
    'GET:enhanced-measurement-settings': OWN,
    'POST:enhanced-measurement-settings': OWN,
    'POST:create-custom-dimension': OWN,
    'GET:custom-dimensions': OWN,
    'POST:sync-custom-dimensions': OWN,
    'POST:custom-dimension-data-available': OWN,
    'POST:set-google-tag-id-mismatch': OWN,
    'POST:set-is-web-data-stream-unavailable': OWN,
    'POST:create-audience': OWN,
    'POST:save-resource-data-availability-date': OWN,
    'POST:sync-audiences': SHARED,
    'GET:audience-settings': SHARED,
    'POST:save-audience-settings': OWN,
    'GET:site-goals-settings': DASHBOARD_SHARED,
    'POST:save-site-goals-settings': DASHBOARD_SHARED,
  },
  tagmanager: {
    'GET:accounts': OWN,
    'GET:accounts-containers': OWN,
    'GET:containers': OWN,
    'POST:create-container': OWN,
    'GET:live-container-version': OWN,
  },
  adsense: {
    'GET:accounts': OWN,
    'GET:adunits': OWN,
    'GET:alerts': OWN,
    'GET:clients': OWN,
    'GET:notifications': OWN,
    'GET:report': SHARED,
    'GET:sites': OWN,
    'POST:sync-ad-blocking-recovery-tags': OWN,
  },
  'pagespeed-insights': { 'GET:pagespeed': SHARED },
  'sign-in-with-google': { 'GET:compatibility-checks': OWN },
  'reader-revenue-manager': {
    'GET:publications': OWN,
    'POST:sync-publication-onboarding-state': OWN,
  },
};

/** The datapoints by module, then by method, then by name, as maps: looked up on every data request. */
const BY_MODULE: ReadonlyMap<string, ReadonlyMap<string, ReadonlyMap<string, SiteKitDatapoint>>> = new Map(
  Object.entries(DATAPOINTS).map(([slug, datapoints]) => {
    const byMethod = new Map<string, Map<string, SiteKitDatapoint>>([
      ['GET', new Map()],
      ['POST', new Map()],
    ]);
    for (const [key, datapoint] of Object.entries(datapoints)) {
      const [method, name] = key.split(':') as [string, string];
      byMethod.get(method)!.set(name, datapoint);
    }
    return [slug, byMethod];
  }),
);

/** A module's datapoint by method and name (`GET`, `report`); undefined for none (`Invalid_Datapoint_Exception`). */
export function siteKitDatapoint(slug: string, method: string, name: string): SiteKitDatapoint | undefined {
  return BY_MODULE.get(slug)?.get(method)?.get(name);
}

/** The OAuth scopes each module needs granted (`get_scopes()`): what a missing Google sign-in's error lists. */
const SCOPES: Readonly<Record<string, readonly string[]>> = {
  'site-verification': ['https://www.googleapis.com/auth/siteverification'],
  'search-console': ['https://www.googleapis.com/auth/webmasters'],
  ads: [],
  'analytics-4': ['https://www.googleapis.com/auth/analytics.readonly'],
  tagmanager: ['https://www.googleapis.com/auth/tagmanager.readonly'],
  adsense: ['https://www.googleapis.com/auth/adsense.readonly'],
  'pagespeed-insights': ['openid'],
  'sign-in-with-google': [],
  'reader-revenue-manager': ['https://www.googleapis.com/auth/subscribewithgoogle.publications.readonly'],
};

/** The scopes a module needs (none for a module that asks for none). */
export function moduleScopes(slug: string): readonly string[] {
  return Object.hasOwn(SCOPES, slug) ? SCOPES[slug]! : [];
}
