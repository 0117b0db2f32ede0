import type { RestResponse } from '../../core/http/response.js';
import type { SendMail } from '../../core/mail/message.js';
import type { Handlers } from '../define.js';
import type { BoundService } from '../host-service.js';
import { hashesEqual } from '../site-salt.js';
import { newCode, otpHash } from './codes.js';
import { forbidden, mailFailed, providerNotAvailable, sent, tooManySends } from './errors.js';
import { verificationMail } from './mail.js';
import type { loginGuardRoutes } from './routes.js';
import { OTP_TTL, type LoginGuardStorage } from './storage.js';
import { usableSecret, usableToken } from './tokens.js';

/** What the handlers run on. */
interface LoginGuardHandlerDeps {
  /** Where the code goes out, bound to its budget (without a `sendMail`, every send fails as a failed `wp_mail()`). */
  mail: BoundService<SendMail, RestResponse>;
  /** Key of the code hashes (`wp_salt( 'auth' )`). */
  hashKey: () => Promise<string>;
  /** Sends a token may have; the next is answered 429. */
  maxSends: number;
  /** The clock in milliseconds. */
  now: () => number;
}

/** The handlers of the login-guard route table. */
export function loginGuardHandlers(deps: LoginGuardHandlerDeps): Handlers<typeof loginGuardRoutes, LoginGuardStorage> {
  return {
    // MfaRestApi::send_code_callback() and MfaFlowSendCode::execute(), in their order.
    async sendCode(request, context, storage) {
      const { token, secret } = request.params;
      if (!usableToken(token) || !usableSecret(secret)) return forbidden();
      const kept = await storage.sendSecret(token);
      if (kept === null || !hashesEqual(kept, secret)) return forbidden();
      const session = await storage.session(token);
      if (session === null) return forbidden();
      if ((await storage.countSend(token)) > deps.maxSends) return tooManySends();
      const user = await storage.sessionUser(session);
      if (user === null) return sent();
      if (session.provider_id !== 'llar') return providerNotAvailable();
      // LLAR's cloud chooses the code; without one, the site draws it (LLAR would mail an empty one).
      const code = request.params.code || newCode();
      const hash = otpHash(code, await deps.hashKey());
      if (user.email !== '') {
        const mail = verificationMail({
          recipient: user.email,
          code,
          home: context.site.home,
          gmtOffset: Number(context.site.gmt_offset ?? 0) || 0,
          now: deps.now(),
          codeTtl: OTP_TTL,
          ip: request.params.ip ?? '',
          browser: request.params.browser ?? '',
          location: request.params.location ?? '',
        });
        const sentMail = await deps.mail.call((sendMail) => sendMail(mail), mail);
        if (!sentMail.ok) return sentMail.answer;
        if (sentMail.value !== true) return mailFailed();
      }
      await storage.saveOtpHash(token, hash);
      return sent();
    },
  };
}
