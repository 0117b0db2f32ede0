import { sanitizeTextField } from '../../core/schema/text.js';
import type { HandlerNameOf, RouteSpecTable } from '../define.js';

// LLAR gives every arg `sanitize_callback => sanitize_text_field`, which replaces WordPress's type
// check: a number arrives as its text, an array or object as '' (then answered "Forbidden").
const text = { type: 'string', sanitizeCallback: sanitizeTextField } as const;

/**
 * The `login-guard/v1` route table (Limit Login Attempts Reloaded's `llar/v1`): the one route its
 * cloud MFA calls to have the site mail a login's one-time code. Public: the send-secret is the auth.
 */
export const loginGuardRoutes = [
  {
    path: '/mfa/send-code',
    endpoints: [
      {
        methods: ['POST'],
        summary: "Mail a login's one-time code",
        permission: 'public',
        args: {
          token: { ...text, required: true },
          secret: { ...text, required: true },
          code: { ...text, required: false },
          ip: { ...text, required: false },
          browser: { ...text, required: false },
          location: { ...text, required: false },
        },
        handler: 'sendCode',
      },
    ],
  },
] as const satisfies RouteSpecTable;

/** The handlers the login-guard route table names. */
export type LoginGuardHandlerName = HandlerNameOf<typeof loginGuardRoutes>;
