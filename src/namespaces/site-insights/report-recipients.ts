// Who may receive Site Kit's e-mail reports, as `Eligible_Subscribers_Query` and
// `Subscribed_Users_Query` find them: administrators signed in with Google, plus users in the roles
// modules are shared with, without the caller, optionally searched by name, e-mail or role, then
// paged. Each query reads a bounded number of users and each user once, so a search costs time
// linear in the users read.
import { DEFAULT_ROLE_NAMES } from '../../core/auth/roles.js';
import type { JsonValue } from '../../store/types.js';
import { isEmpty } from '../../core/php/values.js';
import { isSettingsObject } from '../option-object.js';
import { CONNECTION_OPTIONS } from './connection.js';
import { sharingSettings } from './module-state.js';
import type { SiteInsightsBound } from './settings.js';
import type { UserRow } from './storage.js';

/** The user option of a user's e-mail reporting settings (`Core\User\Email_Reporting_Settings::OPTION`). */
export const USER_REPORT_SETTINGS_OPTION = 'googlesitekit_email_reporting_settings';
/** The transient, per invited user, that rate-limits invitations (`INVITE_RATE_LIMIT_TRANSIENT_KEY_PREFIX`). */
export const INVITE_TRANSIENT_PREFIX = 'googlesitekit_email_reporting_invite_user_';
/** Users each role query reads at most: the bound of every list's cost. */
const MAX_USERS_READ = 10_000;
/** A search longer than any display name WordPress stores (`varchar(250)`) matches no user. */
const MAX_SEARCH = 250;

/** One user of a list, as the routes answer it (`map_user_to_response`). */
interface ReportRecipient {
  /** User id. */
  id: number;
  /** Display name. */
  displayName: string;
  /** E-mail address. */
  email: string;
  /** The user's first role; empty for none. */
  role: string;
  /** That role's name. */
  roleDisplayName: string;
  /** Whether the user's settings say subscribed. */
  subscribed: boolean;
  /** Whether an invitation went out within the rate limit's day. */
  invited: boolean;
}

/** A page of a list, with how many users the whole list has. */
interface RecipientPage {
  /** The page's users. */
  users: ReportRecipient[];
  /** Users in the list. */
  total: number;
  /** Pages of `per_page` users; 0 for an empty list. */
  totalPages: number;
}

/** Which users a list holds. */
interface RecipientQuery {
  /** The caller, left out. */
  callerId: number;
  /** `search` as sanitized (empty: everyone). */
  search: string;
  /** Subscribed users (the subscribed list) or those not subscribed (the eligible list). */
  subscribed: boolean;
}

/** Whether stored e-mail reporting settings say subscribed (`is_array( $settings ) && ! empty( $settings['subscribed'] )`). */
export function isSubscribedSetting(settings: JsonValue | undefined): boolean {
  return settings !== undefined && isSettingsObject(settings) && !isEmpty(settings.subscribed);
}

/** `get_matched_role_slugs`: the roles whose slug or name holds the search, lower-cased. */
function matchedRoles(search: string): string[] {
  const term = search.trim().toLowerCase();
  if (term === '') return [];
  return Object.entries(DEFAULT_ROLE_NAMES)
    .filter(([slug, name]) => slug.toLowerCase().includes(term) || name.toLowerCase().includes(term))
    .map(([slug]) => slug.toLowerCase());
}

/** The users of `roles` but the caller, in `WP_User_Query`'s order (login), bounded. */
async function usersIn(storage: SiteInsightsBound, roles: string[], callerId: number, search?: string): Promise<UserRow[]> {
  if (roles.length === 0) return [];
  const page = await storage.queryUsers({
    roles,
    exclude: [callerId],
    orderby: 'user_login',
    limit: MAX_USERS_READ,
    ...(search === undefined ? {} : { search }),
  });
  return page.users;
}

/**
 * The users of `roles` a search finds (`query_admins` / `query_shared_roles`): those whose display
 * name or e-mail holds it, then those of the roles among `roleHits` whose name holds it.
 */
async function searchRoles(storage: SiteInsightsBound, roles: string[], callerId: number, search: string): Promise<UserRow[]> {
  if (search === '') return usersIn(storage, roles, callerId);
  const term = search.toLowerCase();
  // The store's search also looks at logins and URLs: it narrows, the display name and e-mail decide.
  const byText = (await usersIn(storage, roles, callerId, search)).filter(
    (user) => user.display_name.toLowerCase().includes(term) || user.user_email.toLowerCase().includes(term),
  );
  const hits = matchedRoles(search);
  const byRole = await usersIn(
    storage,
    roles.filter((role) => hits.includes(role)),
    callerId,
  );
  const seen = new Set(byText.map((user) => user.ID));
  return [...byText, ...byRole.filter((user) => !seen.has(user.ID))];
}

/** The roles a list reaches besides administrators: the eligible list those Analytics and Search Console are shared with, the subscribed list every shared role. */
async function sharedRoles(storage: SiteInsightsBound, subscribed: boolean): Promise<string[]> {
  const sharing = await sharingSettings(storage);
  const modules = subscribed ? [...sharing.keys()] : ['analytics-4', 'search-console'];
  return [...new Set(modules.flatMap((slug) => sharing.get(slug)?.sharedRoles ?? []))];
}

/** The users a list holds, in Site Kit's order: signed-in administrators, then users of shared roles, each once. */
export async function reportRecipients(storage: SiteInsightsBound, query: RecipientQuery): Promise<UserRow[]> {
  if (query.search.length > MAX_SEARCH) return [];
  const admins = await searchRoles(storage, ['administrator'], query.callerId, query.search);
  const tokens = await storage.userOptionOfUsers(
    admins.map((user) => user.ID),
    CONNECTION_OPTIONS.accessToken,
  );
  const shared = await searchRoles(storage, await sharedRoles(storage, query.subscribed), query.callerId, query.search);
  const byId = new Map<number, UserRow>();
  for (const user of admins) if (tokens.has(user.ID)) byId.set(user.ID, user);
  for (const user of shared) if (!byId.has(user.ID)) byId.set(user.ID, user);
  const settings = await storage.userOptionOfUsers([...byId.keys()], USER_REPORT_SETTINGS_OPTION);
  return [...byId.values()].filter((user) => isSubscribedSetting(settings.get(user.ID)) === query.subscribed);
}

/** A page of a list as the routes answer it, each user's subscription and invitation read for the page alone. */
export async function recipientPage(storage: SiteInsightsBound, users: UserRow[], page: number, perPage: number): Promise<RecipientPage> {
  const shown = users.slice((page - 1) * perPage, page * perPage);
  const ids = shown.map((user) => user.ID);
  const [settings, invited] = await Promise.all([
    storage.userOptionOfUsers(ids, USER_REPORT_SETTINGS_OPTION),
    Promise.all(ids.map(async (id) => (await storage.getTransient(INVITE_TRANSIENT_PREFIX + id)) !== undefined)),
  ]);
  return {
    users: shown.map((user, index) => {
      const role = user.roles[0] ?? '';
      return {
        id: user.ID,
        displayName: user.display_name,
        email: user.user_email,
        role,
        roleDisplayName: Object.hasOwn(DEFAULT_ROLE_NAMES, role) ? DEFAULT_ROLE_NAMES[role]! : role,
        subscribed: isSubscribedSetting(settings.get(user.ID)),
        invited: invited[index]!,
      };
    }),
    total: users.length,
    totalPages: users.length > 0 ? Math.ceil(users.length / perPage) : 0,
  };
}
