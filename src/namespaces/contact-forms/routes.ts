import type { DeniedError } from '../../core/types.js';
import type { HandlerNameOf, RouteSpecTable } from '../define.js';

// CF7's permission callbacks answer these WP_Errors, each endpoint with its own message.
const CANNOT_LIST: DeniedError = { code: 'wpcf7_forbidden', message: 'You are not allowed to access contact forms.' };
const CANNOT_CREATE: DeniedError = { code: 'wpcf7_forbidden', message: 'You are not allowed to create a contact form.' };
const CANNOT_ACCESS: DeniedError = { code: 'wpcf7_forbidden', message: 'You are not allowed to access the requested contact form.' };

/**
 * The `contact-forms/v1` route table (Contact Form 7's `contact-form-7/v1`). No endpoint
 * declares args, as in CF7: the index shows `args: []` and handlers read params themselves.
 * CF7 maps reading forms to `edit_posts` and editing or deleting them to `publish_pages`.
 */
export const contactFormsRoutes = [
  {
    path: '/contact-forms',
    endpoints: [
      { methods: ['GET'], summary: 'List contact forms', permission: 'edit_posts', denied: CANNOT_LIST, handler: 'listForms' },
      { methods: ['POST'], summary: 'Create a contact form', permission: 'publish_pages', denied: CANNOT_CREATE, handler: 'createForm' },
    ],
  },
  {
    path: '/contact-forms/(?P<id>\\d+)',
    endpoints: [
      { methods: ['GET'], summary: 'Retrieve a contact form', permission: 'publish_pages', denied: CANNOT_ACCESS, handler: 'getForm' },
      {
        methods: ['POST', 'PUT', 'PATCH'],
        summary: 'Update a contact form',
        permission: 'publish_pages',
        denied: CANNOT_ACCESS,
        handler: 'updateForm',
      },
      { methods: ['DELETE'], summary: 'Delete a contact form', permission: 'publish_pages', denied: CANNOT_ACCESS, handler: 'deleteForm' },
    ],
  },
  {
    path: '/contact-forms/(?P<id>\\d+)/feedback',
    endpoints: [{ methods: ['POST'], summary: 'Submit a contact form', permission: 'public', handler: 'submitFeedback' }],
  },
  {
    path: '/contact-forms/(?P<id>\\d+)/feedback/schema',
    endpoints: [{ methods: ['GET'], summary: "Retrieve a contact form's field rules", permission: 'public', handler: 'getSchema' }],
  },
  {
    path: '/contact-forms/(?P<id>\\d+)/refill',
    endpoints: [{ methods: ['GET'], summary: "Refill a contact form's CAPTCHAs and quizzes", permission: 'public', handler: 'getRefill' }],
  },
] as const satisfies RouteSpecTable;

/** The handlers the contact-forms route table names. */
export type ContactFormsHandlerName = HandlerNameOf<typeof contactFormsRoutes>;
