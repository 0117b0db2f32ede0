// `site-rest/node`: everything that needs Node's built-ins — the `node:http` adapter, the
// clientError answerer, the user store (its checks of older scrypt and phpass hashes use
// node:crypto), the guarded fetches of the oEmbed proxy and of image imports, and SMTP mail. The root entry imports none of it,
// so it runs on Workers, Deno and Bun as well.
export * from './adapters/node.js';
export { createUserStore } from './core/auth/user-store.js';
export type { ApplicationPasswordInfo, NewUser, StoreUser, UserStore, UserStoreOptions } from './core/auth/user-store.js';
export type { HashQueueOptions } from './core/auth/legacy-hash.js';
export {
  nodeImageDownload,
  nodeOembedFetch,
  type NodeImageDownloadOptions,
  type NodeOembedFetchOptions,
  type PublicFetchOptions,
} from './namespaces/address-guard.js';
export { smtpMail, type SmtpMailOptions } from './core/mail/smtp.js';
