export { createRestServer } from './core/server.js';
export { args, route } from './core/typed-params.js';
export type { ArgValue, ParamsOf, PathParamNames, TypedEndpoint, TypedRequest, TypedRoute, UrlParamsOf } from './core/typed-params.js';
export type { RestServer, RestServerOptions } from './core/server.js';
export type { OpenApiDocument, OpenApiOptions } from './core/index/openapi.js';
export type { HookAnswer, HookReplacement, IncomingRequest, RestHooks } from './core/pipeline/hooks.js';
export type { ErrorInfo, ErrorLevel, ErrorPhase, ErrorReporter, ErrorSite } from './core/errors/error-info.js';
export type { CorsAllowList, CorsOrigin, CorsPolicy } from './core/http/cors.js';
export type { UnsafePatternPolicy } from './core/regex/safety.js';
export type { ByteSize } from './core/byte-size.js';
export type { HandlerData, InjectRequest, InjectResponse } from './core/pipeline/inject.js';
export { createAuthenticator } from './core/auth/authenticate.js';
export type {
  Authenticate,
  AuthenticatorOptions,
  AuthOutcome,
  AuthRequest,
  SessionAuth,
  VerifyApplicationPassword,
} from './core/auth/authenticate.js';
export type { LoginLimiterOptions } from './core/auth/login-limiter.js';
export type { ApplicationPasswordInfo, NewUser, StoreUser, UserStore, UserStoreOptions } from './core/auth/user-store.js';
export { DEFAULT_ROLES, capabilitiesOf } from './core/auth/roles.js';
export type { Capability, CustomCapabilities, KnownCapability, RoleTable } from './core/auth/roles.js';
export { DEFAULT_MAX_BATCH_SIZE } from './core/pipeline/batch.js';
export { RestError, isRestError, restError } from './core/errors/rest-error.js';
export { toRestError } from './core/errors/to-rest-error.js';
export type { RestErrorBody, RestErrorData } from './core/errors/rest-error.js';
export { RestResponse, respond } from './core/http/response.js';
export type { HeaderValue, RestLink } from './core/http/response.js';
export { validateValue, sanitizeValue } from './core/schema/index.js';
export { rawRendered } from './core/schema/raw-rendered.js';
export type { ArgSchema, SanitizeCallback, SchemaType, ValidateCallback } from './core/schema/types.js';
export type { RestTarget } from './core/routing/rest-route.js';
export type {
  AllowBatch,
  DeniedError,
  DescribedOperation,
  DescribedValue,
  EndpointDefinition,
  Handler,
  HandlerResult,
  HttpMethod,
  InternalRequest,
  MountContext,
  MountableNamespace,
  NamespaceModule,
  Permission,
  PermissionCheck,
  PermissionResult,
  RawRequest,
  RawResponse,
  RestContext,
  RestRequest,
  RestUser,
  RouteDefinition,
  SiteFacts,
} from './core/types.js';
export { modulesFromIndex } from './core/index/from-index.js';
export type { IndexEndpoint, IndexRoute, ModulesFromIndexOptions } from './core/index/from-index.js';
export { bindGroups, bindRoutes, indexOnly, routeGroup, storageContext, withDefaults } from './namespaces/define.js';
export type {
  BindGroupsOptions,
  BoundStorage,
  CheckNameOf,
  Checks,
  EndpointSpec,
  HandlerNameOf,
  Handlers,
  RouteGroup,
  RouteSpec,
  RouteSpecTable,
  StorageContext,
  StorageGroup,
  StorageGroups,
} from './namespaces/define.js';
export { corePosts, postsStorageGroups, postsStorageOn, samplePosts, seedPosts } from './namespaces/core-posts/index.js';
export type {
  CorePostsOptions,
  NewPost,
  PostPage,
  PostQuery,
  PostRecord,
  PostsStorage,
  PostStatus,
  PostsStoreOptions,
} from './namespaces/core-posts/index.js';
export { oembed, DEFAULT_OEMBED_PROVIDERS } from './namespaces/oembed/index.js';
export type { AuthorLookup, LocalOembed, OembedAuthor, OembedOptions, OembedProvider } from './namespaces/oembed/index.js';
export { implementedNamespaces, variantA, variantB, variantModules, VARIANT_NAMESPACES } from './namespaces/variants.js';
export type { Variant, VariantOptions } from './namespaces/variants.js';
export { paginate, addQueryArgs } from './core/http/pagination.js';
export type { PageInfo } from './core/http/pagination.js';
export type { OutgoingMail, SendMail } from './core/mail/message.js';
export { contactForms, contactFormsStorageGroups, contactFormsStorageOn, seedContactForms } from './namespaces/contact-forms/index.js';
export type {
  ContactFormsOptions,
  ContactFormsStorage,
  ContactFormsStoreOptions,
  ContactFormFields,
  ContactFormRecord,
  FormMessages,
  GivenContactFormsStorage,
  ListFormsQuery,
  ListOrderBy,
  MailMessage,
  MailTemplate,
  PostedValue,
  Submission,
  SubmissionRecord,
  SubmissionStatus,
} from './namespaces/contact-forms/index.js';
export { themeblocks, themeblocksStorageGroups, themeblocksStorageOn } from './namespaces/themeblocks/index.js';
export type {
  FavoriteList,
  FavoritesChange,
  LayoutCollection,
  LayoutComponent,
  ThemeblocksOptions,
  ThemeblocksStorage,
} from './namespaces/themeblocks/index.js';
export { theme, themeStorageGroups, themeStorageOn, GENESIS_DEFAULT_SETTINGS, GENESIS_SETTINGS_FIELD } from './namespaces/theme/index.js';
export type {
  GenesisSettings,
  GivenThemeLayout,
  GivenThemeStorage,
  ReadingOptions,
  ThemeLayout,
  ThemeOptions,
  ThemeStorage,
} from './namespaces/theme/index.js';
export {
  ABILITIES_WORDPRESS_VERSION,
  coreAbilities,
  coreAbilitiesOptions,
  createAbilityRegistry,
  defineAbility,
  runAbility,
} from './namespaces/core-abilities/index.js';
export type {
  Ability,
  AbilityAnnotations,
  AbilityCategory,
  AbilityCategoryDefinition,
  AbilityContext,
  AbilityDefinition,
  AbilityInput,
  AbilityMetaDefinition,
  AbilityOutput,
  AbilityRegistry,
  AbilityRegistryOptions,
  AnyAbilityDefinition,
  CoreAbilitiesOptions,
  EnvironmentType,
  RunOutcome,
  SchemaValue,
} from './namespaces/core-abilities/index.js';
export {
  blocksuiteDesignLibrary,
  blocksuiteDesignLibraryStorageGroups,
  blocksuiteDesignLibraryStorageOn,
  CLOUD_OPTION,
  DESIGN_LIBRARY_URLS,
  LEGACY_LICENSE_OPTION,
  LICENSE_KEY_OPTION,
  PROMPTS_OPTION,
  PROPHECY_OPTION,
} from './namespaces/blocksuite-design-library/index.js';
export type {
  AiPrompts,
  BlocksuiteDesignLibraryOptions,
  BlocksuiteDesignLibraryStorage,
  DesignLibrary,
  DesignLibraryImportStorage,
  DesignLibraryStateStorage,
  DesignLibraryAnswer,
  DesignLibraryCache,
  DesignLibraryCall,
  DesignLibraryLicense,
  DesignLibraryOperation,
  DesignLibraryQuery,
  WizardAnswers,
} from './namespaces/blocksuite-design-library/index.js';
export { seoA, seoAStorageGroups, seoAStorageOn, RENDER_PAGE_LIMITS, SEO_GENERATION } from './namespaces/seo-a/index.js';
export type { PostWithMeta, RenderedPage, RenderPage, SeoAOptions, SeoAStorage, UrlSearch } from './namespaces/seo-a/index.js';
export {
  SITE_KIT_OAUTH_LIMITS,
  recordSiteKitSignIn,
  siteInsights,
  siteInsightsStorageGroups,
  siteInsightsStorageOn,
} from './namespaces/site-insights/index.js';
export type {
  EmailConfirmation,
  EmailLogEntry,
  FetchHome,
  GoogleApiAnswer,
  GoogleApiCall,
  GoogleApiError,
  HealthCheck,
  HealthCheckResults,
  HealthChecks,
  MarkNotificationCall,
  NotificationsCall,
  OAuthRefreshCall,
  OAuthRevokeCall,
  OAuthTokenAnswer,
  SiteInsightsOptions,
  SiteInsightsStorage,
  SiteKitAccessAnswer,
  SiteKitAccessCall,
  SiteKitGoogleApi,
  SiteKitGoogleAccess,
  SiteKitOAuth,
  SiteKitProxy,
  SiteKitSignIn,
  SurveyEventCall,
  SurveyTriggerCall,
} from './namespaces/site-insights/index.js';
export { seoB, seoBStorageGroups, seoBStorageOn, SEMRUSH_URLS, SITE_INSIGHTS_LIMITS, WINCHER_URLS } from './namespaces/seo-b/index.js';
export type {
  OAuthApiAnswer,
  OAuthGrant,
  OAuthTokenCall,
  PlannerPost,
  SeoBOptions,
  SeoBStorage,
  Semrush,
  SemrushCall,
  SemrushPhrasesQuery,
  SiteInsights,
  SiteInsightsAnswer,
  SiteInsightsQuery,
  Wincher,
  WincherCall,
  YoastAi,
  YoastAiAnswer,
  YoastAiCall,
  YoastAiCallBack,
  YoastAiCallbackAnswer,
  YoastAiCallbackParams,
  YoastAiFailure,
} from './namespaces/seo-b/index.js';
export { blocksuite, blocksuiteStorageGroups, blocksuiteStorageOn, MAX_UNPAGED_POSTS } from './namespaces/blocksuite/index.js';
export type {
  AuthorRow,
  BlocksuiteOptions,
  BlocksuiteStorage,
  PostTypeDefinition,
  PostTypeFeature,
  TaxonomyDefinition,
} from './namespaces/blocksuite/index.js';
export {
  blocksuiteAnimation,
  blocksuiteAnimationStorageGroups,
  blocksuiteAnimationStorageOn,
  LOTTIE_POST_TYPE,
  MAX_ANIMATION_BYTES,
} from './namespaces/blocksuite-animation/index.js';
export type {
  AnimationPost,
  BlocksuiteAnimationOptions,
  BlocksuiteAnimationStorage,
  NewAnimation,
} from './namespaces/blocksuite-animation/index.js';
export {
  blocksuiteImagePicker,
  blocksuiteImagePickerStorageGroups,
  blocksuiteImagePickerStorageOn,
} from './namespaces/blocksuite-image-picker/index.js';
export type {
  BlocksuiteImagePickerOptions,
  BlocksuiteImagePickerStorage,
  DownloadedImage,
  ImageDownload,
  ImageDownloadRequest,
  ImageUpload,
  ImportedImage,
  KnownAttachment,
  NewAttachment,
  SavedUpload,
} from './namespaces/blocksuite-image-picker/index.js';
export {
  closeMfaSession,
  loginGuard,
  loginGuardStorageGroups,
  loginGuardStorageOn,
  openMfaSession,
  verifyMfaCode,
} from './namespaces/login-guard/index.js';
export type {
  GivenLoginGuardStorage,
  LoginGuardOptions,
  LoginGuardStorage,
  MfaSession,
  MfaSessionKeys,
  MfaUser,
  OpenMfaSessionOptions,
} from './namespaces/login-guard/index.js';
export { ANALYTICS_SETTINGS_OPTION, hostToolkit, hostToolkitStorageGroups, hostToolkitStorageOn } from './namespaces/host-toolkit/index.js';
export type {
  AnalyticsSettings,
  AnalyticsSettingsLimits,
  HostPanel,
  HostPanelAnswer,
  HostPanelRequest,
  HostToolkitOptions,
  HostToolkitStorage,
} from './namespaces/host-toolkit/index.js';
export {
  defaultPageCache,
  pageCache,
  pageCacheRulesOn,
  pageCacheStorageGroups,
  pageCacheStorageOn,
  PAGE_CACHE_LIMITS,
} from './namespaces/page-cache/index.js';
export type {
  CachedPage,
  CacheType,
  FetchedPage,
  PageCache,
  PageCacheHook,
  PageCacheOptionName,
  PageCacheOptions,
  PageCacheRules,
  PageCacheRulesSource,
  PageCacheStorage,
  PurgeTarget,
  WpCacheConfig,
} from './namespaces/page-cache/index.js';
export { blocksuiteMaillist, mailerLiteApi } from './namespaces/blocksuite-maillist/index.js';
export type {
  BlocksuiteMaillistOptions,
  MailerLiteApi,
  MailerLiteFailure,
  MailingList,
  MailingListRequest,
  UpstreamAnswer,
} from './namespaces/blocksuite-maillist/index.js';
export {
  blocksuiteResponder,
  blocksuiteResponderStorageGroups,
  blocksuiteResponderStorageOn,
  GETRESPONSE_API_ENDPOINT_OPTION,
  GETRESPONSE_API_KEY_OPTION,
} from './namespaces/blocksuite-responder/index.js';
export type {
  BlocksuiteResponderOptions,
  BlocksuiteResponderStorage,
  GetResponseSettings,
  Responder,
} from './namespaces/blocksuite-responder/index.js';
export {
  blocksuiteCrm,
  blocksuiteCrmStorageGroups,
  blocksuiteCrmStorageOn,
  FLUENTCRM_CUSTOM_FIELDS_OPTION,
  FLUENTCRM_LISTS_OPTION,
  FLUENTCRM_PLUGIN,
  FLUENTCRM_TAGS_OPTION,
} from './namespaces/blocksuite-crm/index.js';
export type {
  BlocksuiteCrmOptions,
  BlocksuiteCrmStorage,
  Crm,
  CrmCustomField,
  CrmField,
  CrmRow,
} from './namespaces/blocksuite-crm/index.js';
export { memoryStore } from './store/memory/index.js';
export type { MemoryStoreOptions } from './store/memory/index.js';
export { StoreError, isStoreError } from './store/errors.js';
export { likeMatches, likePattern, type LikePattern } from './store/like.js';
export type {
  CounterOptions,
  CountersTable,
  DateRange,
  JsonValue,
  MetaRow,
  MetaTable,
  NewPostRow,
  NewTermRow,
  NewUserRow,
  ObjectTerm,
  OptionsTable,
  PostOrderBy,
  PostPage as StorePostPage,
  PostQuery as StorePostQuery,
  PostRow,
  PostsTable,
  RevisionSummary,
  SiteStore,
  SlugFor,
  StoreErrorCode,
  StoreTables,
  TermFilter,
  TermRow,
  TermsTable,
  TransientsTable,
  UserPage,
  UserQuery,
  UserRow,
  UsersTable,
} from './store/types.js';
export { inProcessPageCache } from './namespaces/page-cache/in-process.js';
export type { InProcessPageCache, InProcessPageCacheOptions } from './namespaces/page-cache/in-process.js';
export { DEFAULT_SESSION_COOKIES } from './namespaces/page-cache/page-rules.js';
export { POST_ID_HEADER } from './core/http/page-cache.js';
export type { CachedAnswer, HostPageCache, PageHead, PageHeaders, PageKeeper, PageLookup, PageRequest } from './core/http/page-cache.js';
