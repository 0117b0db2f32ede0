// `serve --fixtures` with site-insights/v1: the demo's administrator signed in with Google and
// Site Kit set up, as after its set-up flow, so the dashboard's routes answer as on a connected
// site, on the recorded doubles. Every token, id and secret here is a made-up demo value.
import { recordSiteKitSignIn } from '../namespaces/site-insights/index.js';
import type { SiteStore } from '../store/types.js';

/** The demo's OAuth client: a Site Kit proxy client id (`*.apps.sitekit.withgoogle.com`), so the proxy's doubles are used. */
const DEMO_CLIENT = {
  clientId: '000000-site-rest-demo.apps.sitekit.withgoogle.com',
  clientSecret: 'site-rest-demo-client-secret-not-a-secret',
};

/** The demo's tokens: the refresh token the `oauth` double trades for a new access token. */
const DEMO_TOKENS = { accessToken: 'sitekit-demo-access-token', refreshToken: 'sitekit-demo-refresh-token' };

/** The scopes the demo administrator granted: every one Site Kit asks for with Search Console, PageSpeed and Analytics. */
const DEMO_SCOPES = [
  'openid',
  'https://www.googleapis.com/auth/userinfo.profile',
  'https://www.googleapis.com/auth/userinfo.email',
  'https://www.googleapis.com/auth/siteverification',
  'https://www.googleapis.com/auth/webmasters',
  'https://www.googleapis.com/auth/analytics.readonly',
  'https://www.googleapis.com/auth/tagmanager.readonly',
];

/**
 * Signs the demo's `admin` in with Google unless signed in already, sets the site up with the demo
 * OAuth client, and makes them the owner of Search Console for the site's address (what Site Kit
 * records at the first sign-in), unless Search Console has settings. Answers the start-up line.
 */
export async function signInSiteKitDemo(store: SiteStore, home: string, now: number = Date.now()): Promise<string> {
  const admin = await store.users.getBy('user_login', 'admin');
  if (admin === null) return 'site-insights: no demo admin to sign in';
  if ((await store.userMeta.get(admin.ID, 'googlesitekit_access_token')).length === 0) {
    await recordSiteKitSignIn(store, { userId: admin.ID, ...DEMO_TOKENS, issuedAt: now, scopes: DEMO_SCOPES, client: DEMO_CLIENT });
  }
  await store.options.add('googlesitekit_search-console_settings', { propertyID: new URL('/', home).href, ownerID: admin.ID });
  return 'site-insights: admin signed in with Google (demo tokens), Site Kit set up with a demo OAuth client';
}
