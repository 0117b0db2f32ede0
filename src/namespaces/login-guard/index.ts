import type { SendMail } from '../../core/mail/message.js';
import type { MountableNamespace } from '../../core/types.js';
import { bindGroups, routeGroup, withDefaults } from '../define.js';
import { bindService, boundOption, serviceLimits, serviceLimitsOptions, type GivenHostServiceLimits } from '../host-service.js';
import { siteSalt } from '../site-salt.js';
import { loginGuardHandlers } from './handlers.js';
import { loginGuardRoutes } from './routes.js';
import { mailService } from './services.js';
import { OTP_SALT_SCHEME } from './codes.js';
import { loginGuardStorageOn } from './site-store.js';
import { loginGuardStorageGroups, type GivenLoginGuardStorage, type LoginGuardStorage } from './storage.js';
import { checkedAtUse, checkOptions, fn, hostObject, optionsObject, type OptionsShape } from '../../core/options.js';

export { closeMfaSession, loginGuardStorageOn, openMfaSession, verifyMfaCode } from './site-store.js';
export type { MfaSessionKeys, OpenMfaSessionOptions } from './site-store.js';
export { loginGuardStorageGroups } from './storage.js';
export type { GivenLoginGuardStorage, LoginGuardStorage, MfaSession, MfaUser } from './storage.js';

/** Options of {@link loginGuard}. */
export interface LoginGuardOptions {
  /** The host's storage callbacks; the ones left out are the site store's, but the session's four come all together or not at all. */
  storage?: GivenLoginGuardStorage;
  /** Where the code is mailed (variants pass their `sendMail`). Without one every send answers 500 "Failed to send email". */
  sendMail?: SendMail;
  /** How long `sendMail` may take before the send counts as failed (default 15 s). */
  mailLimits?: Pick<GivenHostServiceLimits, 'timeoutMs'>;
  /** Sends a session token may have before the route answers 429 (default 5; LLAR has no limit). */
  maxSends?: number;
  /** The clock in milliseconds, for the mail's "Time:" (default `Date.now`). */
  now?: () => number;
}

/** The checks of {@link LoginGuardOptions}. */
export const loginGuardOptions = optionsObject({
  storage: hostObject('the login guard storage callbacks').optional(),
  sendMail: fn('mail, signal → sent or not').optional(),
  mailLimits: serviceLimitsOptions.pick({ timeoutMs: true }).optional(),
  maxSends: checkedAtUse<number>(),
  now: fn('→ milliseconds').optional(),
} satisfies OptionsShape<LoginGuardOptions>);

/**
 * The `login-guard/v1` namespace (Limit Login Attempts Reloaded's `llar/v1`): `POST /mfa/send-code`
 * mails a login's one-time code and keeps only its keyed hash. Sessions live in the server's site
 * store; `openMfaSession(store, …)` opens one, `verifyMfaCode(store, token, code)` checks the code.
 */
export function loginGuard(options: LoginGuardOptions = {}): MountableNamespace {
  checkOptions(loginGuardOptions, options, 'loginGuard');
  const mailLimits = serviceLimits('loginGuard mailLimits', options.mailLimits, mailService.limits);
  const maxSends = boundOption('loginGuard', 'maxSends', options.maxSends, 5, 1);
  return ({ store, reportService }) => {
    const storage = withDefaults<LoginGuardStorage>(
      () => loginGuardStorageOn(store),
      options.storage,
      loginGuardStorageGroups,
      'loginGuard storage',
    );
    const hashKey = siteSalt(store, OTP_SALT_SCHEME);
    return bindGroups(
      'login-guard/v1',
      [
        routeGroup(
          loginGuardRoutes,
          loginGuardHandlers({
            mail: bindService(mailService, options.sendMail, mailLimits, reportService),
            hashKey,
            maxSends,
            now: options.now ?? Date.now,
          }),
        ),
      ],
      { storage },
    );
  };
}
