export { createRestServer } from './core/server.js';
export type { Authenticate, AuthRequest, RestServer, RestServerOptions } from './core/server.js';
export { RestError, isRestError, restError, toRestError } from './core/errors.js';
export type { RestErrorBody, RestErrorData } from './core/errors.js';
export { RestResponse, respond } from './core/response.js';
export type { HeaderValue, RestLink } from './core/response.js';
export { validateValue, sanitizeValue } from './core/schema/index.js';
export type { ArgSchema, SanitizeCallback, SchemaType, ValidateCallback } from './core/schema/types.js';
export type { RestTarget } from './core/rest-route.js';
export type {
  AllowBatch,
  EndpointDefinition,
  Handler,
  HandlerResult,
  HttpMethod,
  InternalRequest,
  NamespaceModule,
  Permission,
  PermissionResult,
  RawRequest,
  RawResponse,
  RestContext,
  RestRequest,
  RestUser,
  RouteDefinition,
  SiteFacts,
} from './core/types.js';
