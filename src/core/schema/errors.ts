/**
 * The schema validator's errors, each written once with WordPress 6.1's code and wording. They
 * carry no status: the caller (`rest_invalid_param`, a handler) decides the answer. A `suffix`
 * is the rest of the message, worded once per schema when it is compiled.
 */
import { restError, type RestError } from '../errors/rest-error.js';
import { formatList } from './messages.js';

const INVALID_TYPE = 'rest_invalid_type';

/** `rest_invalid_type`: "p is not of type integer.", with the param in `data`. */
export function invalidType(param: string, type: string): RestError {
  return restError(INVALID_TYPE, `${param} is not of type ${type}.`, null, { param });
}

/** True when `error` is {@link invalidType}'s `rest_invalid_type`. */
export const isInvalidType = (error: RestError): boolean => error.code === INVALID_TYPE;

/** `rest_not_in_enum`: "p is not one of a, b, and c." (or "p is not a.") */
export const notInEnum = (param: string, suffix: string): RestError => restError('rest_not_in_enum', param + suffix, null);

/** `rest_invalid_hex_color`: "Invalid hex color." */
export const invalidHexColor = (): RestError => restError('rest_invalid_hex_color', 'Invalid hex color.', null);

/** `rest_invalid_date`: "Invalid date." */
export const invalidDate = (): RestError => restError('rest_invalid_date', 'Invalid date.', null);

/** `rest_invalid_email`: "Invalid email address." */
export const invalidEmail = (): RestError => restError('rest_invalid_email', 'Invalid email address.', null);

/** `rest_invalid_ip`: "p is not a valid IP address." */
export const invalidIp = (param: string): RestError => restError('rest_invalid_ip', `${param} is not a valid IP address.`, null);

/** `rest_invalid_uuid`: "p is not a valid UUID." */
export const invalidUuid = (param: string): RestError => restError('rest_invalid_uuid', `${param} is not a valid UUID.`, null);

/** `rest_property_required`: "name is a required property of p." */
export const propertyRequired = (name: string, param: string): RestError =>
  restError('rest_property_required', `${name} is a required property of ${param}.`, null);

/** `rest_additional_properties_forbidden`: "key is not a valid property of Object." */
export const propertyForbidden = (key: string): RestError =>
  restError('rest_additional_properties_forbidden', `${key} is not a valid property of Object.`, null);

/** `rest_too_few_properties`: "p must contain at least 2 properties." */
export const tooFewProperties = (param: string, suffix: string): RestError => restError('rest_too_few_properties', param + suffix, null);

/** `rest_too_many_properties`: "p must contain at most 2 properties." */
export const tooManyProperties = (param: string, suffix: string): RestError => restError('rest_too_many_properties', param + suffix, null);

/** `rest_too_few_items`: "p must contain at least 2 items." */
export const tooFewItems = (param: string, suffix: string): RestError => restError('rest_too_few_items', param + suffix, null);

/** `rest_too_many_items`: "p must contain at most 2 items." */
export const tooManyItems = (param: string, suffix: string): RestError => restError('rest_too_many_items', param + suffix, null);

/** `rest_duplicate_items`: "p has duplicate items." */
export const duplicateItems = (param: string): RestError => restError('rest_duplicate_items', `${param} has duplicate items.`, null);

/** `rest_invalid_multiple`: "p must be a multiple of 5." */
export const notMultipleOf = (param: string, suffix: string): RestError => restError('rest_invalid_multiple', param + suffix, null);

/** `rest_out_of_bounds`: "p must be between 1 (inclusive) and 10 (inclusive)", "p must be greater than 1" … */
export const outOfBounds = (param: string, suffix: string): RestError => restError('rest_out_of_bounds', param + suffix, null);

/** `rest_too_short`: "p must be at least 2 characters long." */
export const tooShort = (param: string, suffix: string): RestError => restError('rest_too_short', param + suffix, null);

/** `rest_too_long`: "p must be at most 2 characters long." */
export const tooLong = (param: string, suffix: string): RestError => restError('rest_too_long', param + suffix, null);

/** `rest_invalid_pattern`: "p does not match pattern ^a+$." */
export const patternMismatch = (param: string, suffix: string): RestError => restError('rest_invalid_pattern', param + suffix, null);

/**
 * `rest_one_of_multiple_matches`: "p matches A and B, but should match only one." when every
 * matching member has a title, else "p matches more than one of the expected formats."; the
 * members' positions in `data`.
 */
export function matchesMoreThanOne(param: string, titles: ReadonlyArray<string | undefined>, positions: number[]): RestError {
  const message = titles.every((title) => title !== undefined)
    ? `${param} matches ${formatList(titles)}, but should match only one.`
    : `${param} matches more than one of the expected formats.`;
  return restError('rest_one_of_multiple_matches', message, null, { positions });
}

/**
 * `rest_no_matching_schema` when no member says more: "p is not a valid A and B." when every
 * member has a title, else "p does not match any of the expected formats."
 */
export function matchesNone(param: string, titles: ReadonlyArray<string | undefined>): RestError {
  if (titles.every((title) => title !== undefined)) {
    const list = titles.length > 0 ? `${formatList(titles)}.` : '';
    return restError('rest_no_matching_schema', `${param} is not a valid ${list}`, null);
  }
  return restError('rest_no_matching_schema', `${param} does not match any of the expected formats.`, null);
}

/**
 * `rest_no_matching_schema` naming the member at fault: "p is not a valid A. Reason: …", or
 * "p does not match the expected format. Reason: …" for an untitled one; its position in `data`.
 */
export function memberMismatch(param: string, title: string | undefined, reason: string, position: number): RestError {
  const message =
    title !== undefined
      ? `${param} is not a valid ${title}. Reason: ${reason}`
      : `${param} does not match the expected format. Reason: ${reason}`;
  return restError('rest_no_matching_schema', message, null, { position });
}
