// The abilities in the server's OpenAPI document: each ability shown in REST as a path of its own
// beside the run route, so a generated client has one typed call per ability and Swagger UI one
// form per ability, with its input schema where the run route reads input and its output schema
// as the answer's. Asked again for each document, so an ability registered later is in the next.
import type { DescribedOperation, DescribedValue } from '../../core/types.js';
import { invalidMethod, type RunMethod } from './errors.js';
import type { Ability, AbilityRegistry } from './registry.js';
import { coreAbilitiesRoutes } from './routes.js';
import { runMethodOf } from './run.js';

/** The run route's path, as the table registers it. */
const RUN_ROUTE = coreAbilitiesRoutes.find((route) => route.endpoints.some((endpoint) => endpoint.handler === 'run'))!.path;

/**
 * The ability's `input`: its schema, given or not as the run check takes it (none given is the
 * schema's `default`, so it must be given only where that is absent and null fails the schema).
 */
function inputValue(ability: Ability): DescribedValue | undefined {
  const schema = ability.inputSchema;
  if (!schema) return undefined;
  const required = !Object.hasOwn(schema, 'default') && ability.validateInput?.(null, 'input') !== true;
  return { schema, required };
}

/** What each error status of an ability's run means. */
function runErrors(ability: Ability, method: RunMethod): Record<number, string> {
  const errors: Record<number, string> = {
    400: ability.inputSchema
      ? '`ability_invalid_input`: the input fails the input schema (the reason is in the message).'
      : '`ability_missing_input_schema`: input was given to an ability that takes none.',
    401: '`rest_ability_cannot_execute` (or the code its permission answered): the ability does not let anonymous callers run it.',
    403: '`rest_ability_cannot_execute` (or the code its permission answered): the ability does not let this user run it.',
    404: '`rest_ability_not_found`: no ability of this name is shown in REST.',
    405: `\`rest_ability_invalid_method\`: called with another method ("${invalidMethod(method).message}").`,
  };
  if (ability.outputSchema) errors[500] = '`ability_invalid_output`: the result failed the output schema.';
  return errors;
}

/** The run operation of one ability, with the method its annotations call for. */
function runOperation(ability: Ability): DescribedOperation {
  const method = runMethodOf(ability);
  const input = inputValue(ability);
  const where = method === 'POST' ? 'body' : 'query';
  return {
    route: RUN_ROUTE,
    path: `/abilities/${ability.name}/run`,
    method,
    summary: ability.label,
    description: ability.description,
    operationId: `run_${ability.name}`,
    ...(input ? { [where]: { input } } : {}),
    answer: {
      description: ability.outputSchema ? "The ability's result, checked against its output schema." : "The ability's result.",
      ...(ability.outputSchema ? { schema: ability.outputSchema } : {}),
    },
    errors: runErrors(ability, method),
    extensions: { 'x-wp-ability': ability.name },
  };
}

/** The run operations of the abilities a registry shows in REST, in registration order. */
export function abilityOperations(registry: AbilityRegistry): DescribedOperation[] {
  return registry
    .getAbilities()
    .filter((ability) => ability.showInRest)
    .map(runOperation);
}
