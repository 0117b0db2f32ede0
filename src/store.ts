// `site-rest/store`: the site store on PostgreSQL, embedded (PGlite, persisted in a directory) or
// a server (through `pg`). Node-only, and heavy (PGlite carries PostgreSQL as WebAssembly), so the
// root entry, which has the in-memory store, imports none of it.
export { pgliteStore, postgresStore } from './store/sql-backends.js';
export type { PgliteStoreOptions, PostgresStoreOptions } from './store/sql-backends.js';
export type { PgPool, PgPoolClient } from './store/sql/pg-client.js';
export { importWxr, WXR_IMPORTED_OPTION } from './wxr/import/importer.js';
export type { WxrImportOptions, WxrImportProgress, WxrImportSummary, WxrKindCounts, WxrSource } from './wxr/import/importer.js';
export type { WxrReadOptions } from './wxr/import/reader.js';
export { exportWxr } from './wxr/export/index.js';
export type { WxrExportOptions, WxrExportSummary, WxrSink, WxrSite } from './wxr/export/index.js';
