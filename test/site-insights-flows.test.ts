// Site Kit's dashboard driven as a new site's people drive it, on the SQL store (embedded PGlite,
// and a PostgreSQL server when SITE_REST_TEST_DATABASE_URL names one): the administrator signs in
// with Google (as a host's OAuth pages record it), the dashboard's start-up calls, a module
// activated and set up, its data shared with editors, an editor invited to e-mail reports; then
// the editor, in the shared role, dismisses the shared dashboard's splash and reads the shared
// module's data — and a second server on the same tables, as a second process, sees all of it.
import { afterAll, describe, expect, it } from 'vitest';
import { packagedFixtures, serviceDoubles, serviceRecordings } from '../src/cli/fixtures.js';
import { createRestServer, recordSiteKitSignIn, variantB, type OutgoingMail, type RestServer, type SiteStore } from '../src/index.js';
import type { SqlClient } from '../src/store/sql/client.js';
import { sqlStore } from '../src/store/sql/index.js';
import { freshPrefix, testDatabases } from './helpers/sql-backends.js';
import { userWith } from './helpers/users.js';

const SITE = { name: 'Insights Site', url: 'http://insights.test' };
const NS = '/site-insights/v1';
const admin = userWith(1, 'administrator');
const editor = userWith(2, 'editor');
const DB_MS = 120_000;

/** Variant B's site-insights on `store`, every outside service on its recorded double, the mail it sends kept in `mails`. */
function serverOn(store: SiteStore, mails: OutgoingMail[]): RestServer {
  const doubles = serviceDoubles(serviceRecordings(packagedFixtures()));
  const sendMail = doubles['site-insights/mail'];
  const siteInsights = {
    google: { ...doubles['site-insights/google'], ...doubles['site-insights/google-access'] },
    oauth: doubles['site-insights/oauth'],
    siteKitProxy: doubles['site-insights/site-kit-proxy'],
    sendMail: async (mail: OutgoingMail) => {
      mails.push(mail);
      return sendMail(mail);
    },
  };
  return createRestServer({ site: SITE, store, namespaces: variantB({ only: ['site-insights/v1'], siteInsights }), onError: () => {} });
}

describe.each(testDatabases())('Site Kit driven as a new site uses it', (database) => {
  const db = database();
  let client: SqlClient | undefined;
  afterAll(async () => {
    await client?.close();
    await db.dispose();
  });

  it(
    `signs in, starts the dashboard, activates and shares a module and invites an editor on ${db.name}; a second server sees it all`,
    async () => {
      client = await db.open();
      const prefix = freshPrefix();
      const store = await sqlStore({ ...client, close: async () => undefined }, { tablePrefix: prefix });
      await store.users.insert({
        user_login: 'admin',
        user_email: 'admin@insights.test',
        display_name: 'Ada Admin',
        roles: ['administrator'],
      });
      await store.users.insert({ user_login: 'eddie', user_email: 'eddie@insights.test', display_name: 'Eddie Editor', roles: ['editor'] });
      await recordSiteKitSignIn(store, {
        userId: admin.id,
        accessToken: 'flows-access-token',
        refreshToken: 'flows-refresh-token',
        scopes: [
          'openid',
          'https://www.googleapis.com/auth/userinfo.profile',
          'https://www.googleapis.com/auth/userinfo.email',
          'https://www.googleapis.com/auth/siteverification',
          'https://www.googleapis.com/auth/webmasters',
          'https://www.googleapis.com/auth/analytics.readonly',
        ],
        client: { clientId: '1234-flows.apps.sitekit.withgoogle.com', clientSecret: 'flows-client-secret' },
      });
      const mails: OutgoingMail[] = [];
      const rest = serverOn(store, mails);
      const call = (user: typeof admin, method: string, route: string, body?: unknown) =>
        rest.inject<Record<string, unknown>>({ method, path: `${NS}${route}`, user, ...(body === undefined ? {} : { body }) });

      // The dashboard's start-up calls, as the administrator's browser makes them.
      for (const route of [
        '/core/site/data/connection',
        '/core/user/data/authentication',
        '/core/user/data/permissions',
        '/core/modules/data/list',
        '/core/user/data/user-input-settings',
        '/core/user/data/dismissed-items',
        '/core/user/data/dismissed-prompts',
        '/core/user/data/dismissed-tours',
        '/core/user/data/key-metrics',
        '/core/user/data/audience-settings',
        '/core/site/data/admin-bar-settings',
      ]) {
        const answer = await call(admin, 'GET', route);
        expect(answer.status, route).toBe(200);
      }
      const connection = await call(admin, 'GET', '/core/site/data/connection');
      expect(connection.data).toMatchObject({ connected: true, setupCompleted: true, hasConnectedAdmins: true });
      const authentication = await call(admin, 'GET', '/core/user/data/authentication');
      expect(authentication.data).toMatchObject({ authenticated: true });
      expect(JSON.stringify(authentication.data)).not.toContain('flows-access-token');

      // Analytics activated and set up; Search Console (force-active) shared with editors.
      expect((await call(admin, 'POST', '/core/modules/data/activation', { data: { slug: 'analytics-4', active: true } })).data).toEqual({
        success: true,
      });
      const analytics = { accountID: '100', propertyID: '200', webDataStreamID: '300', measurementID: 'G-FLOWS' };
      expect((await call(admin, 'POST', '/modules/analytics-4/data/settings', { data: analytics })).status).toBe(200);
      await call(admin, 'POST', '/modules/search-console/data/settings', { data: { propertyID: 'http://insights.test/' } });
      const sharing = await call(admin, 'POST', '/core/modules/data/sharing-settings', {
        data: { 'search-console': { sharedRoles: ['editor'], management: 'owner' } },
      });
      expect(sharing.status).toBe(200);
      expect(sharing.data.settings).toMatchObject({ 'search-console': { sharedRoles: ['editor'], management: 'owner' } });
      const modules = (await call(admin, 'GET', '/core/modules/data/list')).data as unknown as Array<{ slug: string; active: boolean }>;
      expect(modules.find((module) => module.slug === 'analytics-4')).toMatchObject({ active: true, connected: true });

      // The editor, in the shared role, is invited to the e-mail reports.
      const invite = await call(admin, 'POST', '/core/site/data/email-reporting-invite-user', { data: { userID: editor.id } });
      expect(invite.status).toBe(200);
      expect(invite.data).toEqual({ success: true });
      expect(mails.map((mail) => mail.recipient)).toEqual(['eddie@insights.test']);
      const again = await call(admin, 'POST', '/core/site/data/email-reporting-invite-user', { data: { userID: editor.id } });
      expect([again.status, again.data.code]).toEqual([429, 'email_reporting_invite_rate_limited']);

      // The editor sees the splash first, dismisses it, then reads the shared data.
      const before = (await call(editor, 'GET', '/core/user/data/permissions')).data;
      expect(before).toMatchObject({ googlesitekit_view_splash: true, googlesitekit_view_shared_dashboard: false });
      expect(
        (await call(editor, 'POST', '/core/user/data/dismiss-item', { data: { slug: 'shared_dashboard_splash', expiration: 0 } })).status,
      ).toBe(200);
      const after = (await call(editor, 'GET', '/core/user/data/permissions')).data;
      expect(after).toMatchObject({
        googlesitekit_view_shared_dashboard: true,
        googlesitekit_view_dashboard: true,
        'googlesitekit_read_shared_module_data::["search-console"]': true,
      });
      const query = { startDate: '2026-10-01', endDate: '2026-10-28', dimensions: 'date' };
      const data = await rest.inject({ path: `${NS}/modules/search-console/data/searchanalytics`, query, user: editor });
      expect(data.status).toBe(200);
      expect((await call(editor, 'POST', '/core/modules/data/activation', { data: { slug: 'tagmanager', active: true } })).status).toBe(
        403,
      );

      // A second server on the same tables, as a second process sees them.
      const second = serverOn(store, []);
      const read = (user: typeof admin, route: string) => second.inject<Record<string, unknown>>({ path: `${NS}${route}`, user });
      const listed = (await read(admin, '/core/modules/data/list')).data as unknown as Array<{ slug: string; active: boolean }>;
      expect(listed.find((module) => module.slug === 'analytics-4')?.active).toBe(true);
      expect((await read(editor, '/core/user/data/dismissed-items')).data).toEqual(['shared_dashboard_splash']);
      expect((await read(editor, '/core/user/data/permissions')).data).toMatchObject({ googlesitekit_view_shared_dashboard: true });
      const secondInvite = await second.inject<{ code?: string }>({
        method: 'POST',
        path: `${NS}/core/site/data/email-reporting-invite-user`,
        user: admin,
        body: { data: { userID: editor.id } },
      });
      expect([secondInvite.status, secondInvite.data.code]).toEqual([429, 'email_reporting_invite_rate_limited']);
    },
    DB_MS,
  );
});
