export { createRestServer } from './core/server.js';
export type { RestServer, RestServerOptions } from './core/server.js';
export type { InjectRequest, InjectResponse } from './core/inject.js';
export { createAuthenticator } from './core/auth/authenticate.js';
export type {
  Authenticate,
  AuthenticatorOptions,
  AuthOutcome,
  AuthRequest,
  SessionAuth,
  VerifyApplicationPassword,
} from './core/auth/authenticate.js';
export { createUserStore } from './core/auth/user-store.js';
export type { ApplicationPasswordInfo, NewUser, StoreUser, UserStore, UserStoreOptions } from './core/auth/user-store.js';
export { DEFAULT_ROLES, capabilitiesOf } from './core/auth/roles.js';
export type { RoleTable } from './core/auth/roles.js';
export { DEFAULT_MAX_BATCH_SIZE } from './core/batch.js';
export { RestError, isRestError, restError, toRestError } from './core/errors.js';
export type { RestErrorBody, RestErrorData } from './core/errors.js';
export { RestResponse, respond } from './core/response.js';
export type { HeaderValue, RestLink } from './core/response.js';
export { validateValue, sanitizeValue } from './core/schema/index.js';
export type { ArgSchema, SanitizeCallback, SchemaType, ValidateCallback } from './core/schema/types.js';
export type { RestTarget } from './core/rest-route.js';
export type {
  AllowBatch,
  DeniedError,
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
export { modulesFromIndex } from './core/index-modules.js';
export type { IndexEndpoint, IndexRoute, ModulesFromIndexOptions } from './core/index-modules.js';
