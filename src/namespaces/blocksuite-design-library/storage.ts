import type { StorageContext, StorageGroups } from '../define.js';
import { imageLibraryStorageGroups, type ImageLibraryStorage } from '../image-import.js';
import type { HelperPostsStorage } from './helper-posts.js';
import type { JsonValue } from '../../store/types.js';

export type { DesignLibrary, DesignLibraryAnswer, DesignLibraryCall, DesignLibraryOperation, DesignLibraryQuery } from './services.js';

/** The license the plugin sends its upstreams, as `kadence_blocks_get_current_license_data()` reads it. */
export interface DesignLibraryLicense {
  /** The license key (empty when the site has none). Sent upstream only, never answered or logged. */
  key: string;
  /** The legacy license's e-mail address (empty when none). */
  email: string;
  /** The product the key is for (`kadence-blocks`). */
  product: string;
  /** The licensing environment (`dev`, `staging`, or empty for production). */
  env: string;
}

/** The AI content jobs started, by context (`about` → its job id), as the option `kb_design_library_prompts` keeps them. */
export type AiPrompts = { [context: string]: JsonValue };

/** The AI wizard's answers (company name, industry, location, mission, tone, keywords, language). */
export type WizardAnswers = { [field: string]: JsonValue };

/** Which cache a cached body is in: the pattern library's (`Block_Library_Cache`) or the AI content's (`Ai_Cache`). */
export type DesignLibraryCache = 'library' | 'ai';

/**
 * Where the design library keeps its state. Every callback is async and gets the request's
 * {@link StorageContext} last.
 */
export interface DesignLibraryStateStorage {
  /** The site's Kadence license. */
  license(ctx: StorageContext): Promise<DesignLibraryLicense>;
  /** The AI jobs started, by context (`{}` when none). */
  prompts(ctx: StorageContext): Promise<AiPrompts>;
  /** Replaces the AI jobs with `change`'s answer to the current ones, in one atomic step; answers what was stored. */
  updatePrompts(change: (current: AiPrompts) => AiPrompts, ctx: StorageContext): Promise<AiPrompts>;
  /** The AI wizard's answers (`{}` when none were saved or they are not a JSON object). */
  wizardAnswers(ctx: StorageContext): Promise<WizardAnswers>;
  /**
   * Whether a Kadence Cloud library's connection has expired at `now` (milliseconds); when it has,
   * its expiry is pushed forward by its refresh period (a day, a week or a month) in the same step.
   */
  renewCloudConnection(library: string, now: number, ctx: StorageContext): Promise<boolean>;
  /** A cached upstream body, by the plugin's identifier for it; undefined when none is cached. */
  cachedBody(cache: DesignLibraryCache, identifier: string, ctx: StorageContext): Promise<string | undefined>;
  /** Caches an upstream body under the plugin's identifier for it. */
  cacheBody(cache: DesignLibraryCache, identifier: string, body: string, ctx: StorageContext): Promise<void>;
}

/** What `process_pattern` and `process_images` import into: the image library the image picker shares, and Kadence's helper posts. */
export type DesignLibraryImportStorage = ImageLibraryStorage & HelperPostsStorage;

/** The design library's whole storage: its own state and what its imports write. */
export type BlocksuiteDesignLibraryStorage = DesignLibraryStateStorage & DesignLibraryImportStorage;

/** {@link DesignLibraryStateStorage}'s callbacks that share data. */
const stateStorageGroups: StorageGroups<DesignLibraryStateStorage> = [
  { data: 'license', callbacks: ['license'] },
  { data: 'AI jobs', callbacks: ['prompts', 'updatePrompts'] },
  { data: 'AI wizard answers', callbacks: ['wizardAnswers'] },
  { data: 'cloud library connections', callbacks: ['renewCloudConnection'] },
  { data: 'cached upstream answers', callbacks: ['cachedBody', 'cacheBody'] },
];

/** {@link BlocksuiteDesignLibraryStorage}'s callbacks that share data: its own, the image library's, and the helper posts. */
export const blocksuiteDesignLibraryStorageGroups: StorageGroups<BlocksuiteDesignLibraryStorage> = [
  ...stateStorageGroups,
  ...imageLibraryStorageGroups,
  { data: 'Kadence helper posts', callbacks: ['findHelperPost', 'addHelperPost'] },
];
