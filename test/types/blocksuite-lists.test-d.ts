// Type tests: the three list pickers' route tables each name their one handler.
import { describe, expectTypeOf, it } from 'vitest';
import type { BlocksuiteCrmHandlerName } from '../../src/namespaces/blocksuite-crm/routes.js';
import type { BlocksuiteMaillistHandlerName } from '../../src/namespaces/blocksuite-maillist/routes.js';
import type { BlocksuiteResponderHandlerName } from '../../src/namespaces/blocksuite-responder/routes.js';

describe('blocksuite list pickers typed by their route tables', () => {
  it('name one handler each', () => {
    expectTypeOf<BlocksuiteMaillistHandlerName>().toEqualTypeOf<'getFromMailerLite'>();
    expectTypeOf<BlocksuiteResponderHandlerName>().toEqualTypeOf<'getFromGetResponse'>();
    expectTypeOf<BlocksuiteCrmHandlerName>().toEqualTypeOf<'getFromFluentCrm'>();
  });
});
