// Type tests: the namespaces' route tables, written as const, type their handlers' params and
// URL params, and name their handlers.
import { describe, expectTypeOf, it } from 'vitest';
import { type ContactFormsHandlerName, contactFormsRoutes } from '../../src/namespaces/contact-forms/routes.js';
import type { Handlers } from '../../src/namespaces/define.js';
import { type LoginGuardHandlerName, loginGuardRoutes } from '../../src/namespaces/login-guard/routes.js';
import { type OembedHandlerName, oembedRoutes } from '../../src/namespaces/oembed/routes.js';
import type { PageCacheHandlerName } from '../../src/namespaces/page-cache/routes.js';

type RequestOf<H> = H extends (request: infer R, ...rest: never[]) => unknown ? R : never;

describe('namespace handlers typed by their route tables', () => {
  it('types the oEmbed proxy params from its args', () => {
    type Proxy = RequestOf<Handlers<typeof oembedRoutes>['proxy']>;
    expectTypeOf<Proxy['params']['url']>().toEqualTypeOf<string>();
    expectTypeOf<Proxy['params']['format']>().toEqualTypeOf<'json' | 'xml'>();
    expectTypeOf<Proxy['params']['maxheight']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Proxy['params']['discover']>().toEqualTypeOf<boolean>();
    // `/embed` declares `format` untyped, as WordPress does.
    expectTypeOf<RequestOf<Handlers<typeof oembedRoutes>['embed']>['params']['format']>().toEqualTypeOf<unknown>();
    expectTypeOf<OembedHandlerName>().toEqualTypeOf<'embed' | 'proxy'>();
  });

  it('types the contact forms id from the route path', () => {
    type GetForm = RequestOf<Handlers<typeof contactFormsRoutes>['getForm']>;
    expectTypeOf<GetForm['urlParams']>().toEqualTypeOf<{ id: string }>();
    // @ts-expect-error the listing route captures nothing
    void ({} as RequestOf<Handlers<typeof contactFormsRoutes>['listForms']>['urlParams']).id;
    expectTypeOf<ContactFormsHandlerName>().toEqualTypeOf<
      'listForms' | 'createForm' | 'getForm' | 'updateForm' | 'deleteForm' | 'submitFeedback' | 'getSchema' | 'getRefill'
    >();
  });

  it('types the login guard params as sanitize_text_field answers them, whatever the client sent', () => {
    type SendCode = RequestOf<Handlers<typeof loginGuardRoutes>['sendCode']>;
    expectTypeOf<SendCode['params']['token']>().toEqualTypeOf<string>();
    expectTypeOf<SendCode['params']['code']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<LoginGuardHandlerName>().toEqualTypeOf<'sendCode'>();
  });

  it('names the page-cache handlers, one per endpoint', () => {
    expectTypeOf<PageCacheHandlerName>().toEqualTypeOf<
      | 'getSettings'
      | 'updateSettings'
      | 'getStatus'
      | 'getStats'
      | 'getCache'
      | 'deleteCache'
      | 'preload'
      | 'testCache'
      | 'getPlugins'
      | 'updatePlugins'
    >();
  });
});
