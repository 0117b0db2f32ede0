// How an ability runs, whatever the transport: WordPress 6.9's `WP_Ability::execute` and the run
// controller's checks. REST's run route calls `authorizeRun` from its permission check and
// `executeAbility` from its handler; `runAbility` does the same steps in one call, for a bridge
// (MCP) that has no permission phase of its own. Either way input is validated before the
// ability's permission sees it, and the permission runs with the caller's user.
import { isRestError, type RestError } from '../../core/errors/rest-error.js';
import {
  abilityNotFound,
  cannotExecute,
  invalidInput,
  invalidOutput,
  missingInputSchema,
  permissionRefused,
  type RunMethod,
} from './errors.js';
import type { Ability, AbilityContext, AbilityRegistry } from './registry.js';

/** A run's outcome: the ability's result, or the error to answer with. */
export type RunOutcome = { ok: true; result: unknown } | { ok: false; error: RestError };

/** The method an ability runs with over REST, from its annotations (`validate_request_method`). */
export function runMethodOf(ability: Ability): RunMethod {
  if (ability.annotations.readonly) return 'GET';
  return ability.annotations.destructive && ability.annotations.idempotent ? 'DELETE' : 'POST';
}

/** An ability that clients may list and run: registered and shown in REST. */
export function runnableAbility(registry: AbilityRegistry, name: string): Ability | undefined {
  const ability = registry.getAbility(name);
  return ability?.showInRest ? ability : undefined;
}

/** `normalize_input`: the input given, or the input schema's top-level `default` when none was given. */
function normalizeInput(ability: Ability, input: unknown): unknown {
  if (input !== null && input !== undefined) return input;
  return ability.inputSchema && Object.hasOwn(ability.inputSchema, 'default') ? ability.inputSchema.default : null;
}

/** `validate_input`, with the status the run controller gives its error. */
function inputError(ability: Ability, input: unknown): RestError | undefined {
  if (!ability.validateInput) return input === null ? undefined : missingInputSchema(ability.name);
  const verdict = ability.validateInput(input, 'input');
  if (verdict === true) return undefined;
  return invalidInput(ability.name, verdict === false ? 'Invalid parameter.' : verdict.message);
}

/** Valid input as `execute` is to get it: sanitized by its schema (none without one). */
function sanitizedInput(ability: Ability, input: unknown): unknown {
  if (ability.sanitizeInput === undefined) return undefined;
  const sanitized = ability.sanitizeInput(input);
  // Sanitizing can still fail where validating did not (items unique as text, not as numbers): the input stays as given.
  return isRestError(sanitized) ? input : sanitized;
}

/**
 * Whether the caller may run an ability at all, which a tool list shows before any input: its
 * permission asked with the input it takes when given none (none, where that input is invalid).
 */
export async function mayRun(ability: Ability, context: AbilityContext): Promise<boolean> {
  const input = normalizeInput(ability, null);
  const given = inputError(ability, input) === undefined ? sanitizedInput(ability, input) : undefined;
  return (await ability.permission(given, context)) === true;
}

/**
 * Normalises and validates the raw input, then asks the ability's permission with it: the input
 * `execute` is to get (sanitized by its schema, so a query string's `"5"` reaches an integer
 * property as 5), or the error to answer (400 for input, 401/403 for a refusal).
 */
export async function authorizeRun(ability: Ability, raw: unknown, context: AbilityContext): Promise<RunOutcome> {
  const input = normalizeInput(ability, raw);
  const invalid = inputError(ability, input);
  if (invalid) return { ok: false, error: invalid };
  const given = sanitizedInput(ability, input);
  const allowed = await ability.permission(given, context);
  if (isRestError(allowed)) return { ok: false, error: permissionRefused(allowed, context.user) };
  if (allowed !== true) return { ok: false, error: cannotExecute(context.user) };
  return { ok: true, result: given };
}

/** Executes an ability with input {@link authorizeRun} gave, and checks its result against the output schema. */
export async function executeAbility(ability: Ability, input: unknown, context: AbilityContext): Promise<RunOutcome> {
  const result = (await ability.execute(input, context)) ?? null;
  if (isRestError(result)) return { ok: false, error: result };
  const verdict = ability.validateOutput?.(result, 'output') ?? true;
  if (verdict === true) return { ok: true, result };
  return { ok: false, error: invalidOutput(ability.name, verdict === false ? 'Invalid parameter.' : verdict.message) };
}

/**
 * Runs the ability `name` of a registry for a caller: found and shown in REST (else
 * `rest_ability_not_found`), input validated, permission asked, executed, result checked. The
 * MCP bridge calls this; REST's run route takes the same steps around its method check.
 */
export async function runAbility(registry: AbilityRegistry, name: string, input: unknown, context: AbilityContext): Promise<RunOutcome> {
  const ability = runnableAbility(registry, name);
  if (!ability) return { ok: false, error: abilityNotFound() };
  const authorized = await authorizeRun(ability, input, context);
  return authorized.ok ? executeAbility(ability, authorized.result, context) : authorized;
}
