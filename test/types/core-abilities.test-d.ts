// Type tests: the abilities route table names its handlers, and an ability's `execute` is typed
// from its schemas, draft-4 `required` lists included, as handlers are typed from their args.
import { describe, expectTypeOf, it } from 'vitest';
import { type CoreAbilitiesHandlerName } from '../../src/namespaces/core-abilities/routes.js';
import { defineAbility, type AbilityInput } from '../../src/index.js';

describe('abilities typed by their tables and schemas', () => {
  it('names every handler', () => {
    expectTypeOf<CoreAbilitiesHandlerName>().toEqualTypeOf<'listCategories' | 'getCategory' | 'run' | 'listAbilities' | 'getAbility'>();
  });

  it('types execute’s input from the input schema, required properties present, and nothing without a schema', () => {
    const schema = {
      type: 'object',
      properties: { text: { type: 'string' }, copies: { type: 'integer' }, mode: { type: 'string', enum: ['a', 'b'] } },
      required: ['text'],
    } as const;
    type Input = AbilityInput<typeof schema>;
    expectTypeOf<Input['text']>().toEqualTypeOf<string>();
    expectTypeOf<Input['copies']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Input['mode']>().toEqualTypeOf<'a' | 'b' | undefined>();
    expectTypeOf<AbilityInput<undefined>>().toEqualTypeOf<undefined>();
    defineAbility({
      name: 'x/y',
      label: 'Y',
      description: 'Y.',
      category: 'site',
      inputSchema: schema,
      outputSchema: { type: 'integer' },
      permission: () => true,
      // @ts-expect-error: the output schema says integer
      execute: (input) => input.text,
    });
  });
});
