// The Abilities API's own error codes, each written once with WordPress 6.9's message and status
// (the REST controllers' `rest_ability_*`, and `WP_Ability`'s `ability_*` with the status the run
// controller gives them).
import { restError, type RestError } from '../../core/errors/rest-error.js';
import type { RestUser } from '../../core/types.js';

/** `rest_ability_not_found`: no ability of that name, or one not shown in REST. */
export const abilityNotFound = (): RestError => restError('rest_ability_not_found', 'Ability not found.', 404);

/** `rest_ability_category_not_found`: no category of that slug. */
export const categoryNotFound = (): RestError => restError('rest_ability_category_not_found', 'Ability category not found.', 404);

/** The method each kind of ability runs with, from its annotations (`validate_request_method`). */
export type RunMethod = 'GET' | 'POST' | 'DELETE';

const METHOD_MESSAGES: Readonly<Record<RunMethod, string>> = {
  GET: 'Read-only abilities require GET method.',
  DELETE: 'Abilities that perform destructive actions require DELETE method.',
  POST: 'Abilities that perform updates require POST method.',
};

/** `rest_ability_invalid_method` (405): the request's method is not the one the ability's annotations call for. */
export const invalidMethod = (expected: RunMethod): RestError => restError('rest_ability_invalid_method', METHOD_MESSAGES[expected], 405);

/** `ability_invalid_input` (400): the input fails the input schema; `reason` is the validator's message. */
export const invalidInput = (name: string, reason: string): RestError =>
  restError('ability_invalid_input', `Ability "${name}" has invalid input. Reason: ${reason}`, 400);

/** `ability_missing_input_schema` (400): input given to an ability that declares no input schema. */
export const missingInputSchema = (name: string): RestError =>
  restError(
    'ability_missing_input_schema',
    `Ability "${name}" does not define an input schema required to validate the provided input.`,
    400,
  );

/** `rest_ability_cannot_execute`: the ability's permission said no; 401 anonymous, 403 signed in (`rest_authorization_required_code`). */
export const cannotExecute = (user: RestUser | null): RestError =>
  restError('rest_ability_cannot_execute', 'Sorry, you are not allowed to execute this ability.', user ? 403 : 401);

/** The error an ability's permission answered, its code and message kept and its status the authorization one, as the run controller's `add_data`. */
export const permissionRefused = (error: RestError, user: RestUser | null): RestError =>
  restError(error.code, error.message, user ? 403 : 401);

/** `ability_invalid_output`: the result fails the output schema; WordPress gives it no status, so it answers 500. */
export const invalidOutput = (name: string, reason: string): RestError =>
  restError('ability_invalid_output', `Ability "${name}" has invalid output. Reason: ${reason}`, null);

/** The MCP endpoint's 501 where `@modelcontextprotocol/sdk`, an optional peer dependency, is not installed. */
export const mcpUnavailable = (): RestError =>
  restError('core_abilities_mcp_unavailable', 'The MCP endpoint needs the @modelcontextprotocol/sdk package, which is not installed.', 501);
