// What a handler, hook or authenticator threw, as the error the client is answered with.
import type { HttpError } from 'http-errors';
import { INTERNAL_ERROR_MESSAGE, internal } from './catalogue.js';
import { isRestError, restError, type RestError } from './rest-error.js';

function isHttpError(value: unknown): value is HttpError {
  if (typeof value !== 'object' || value === null) return false;
  const status = (value as { status?: unknown }).status ?? (value as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && typeof (value as { expose?: unknown }).expose === 'boolean';
}

function snakeName(name: string): string {
  return name
    .replace(/Error$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/**
 * Turns anything a handler threw or returned as a failure into a {@link RestError}.
 * http-errors keep their status, and their message when `expose` is set; anything else
 * becomes a generic 500 that says nothing of the exception (no message, no stack).
 */
export function toRestError(thrown: unknown): RestError {
  if (isRestError(thrown)) return thrown;
  if (isHttpError(thrown)) {
    const code = typeof thrown.code === 'string' && thrown.code ? thrown.code : `rest_${snakeName(thrown.name || 'http')}`;
    const message = thrown.expose ? thrown.message : INTERNAL_ERROR_MESSAGE;
    return restError(code, message, thrown.status);
  }
  return internal();
}
