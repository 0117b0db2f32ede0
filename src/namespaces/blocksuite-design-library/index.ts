import type { MountableNamespace } from '../../core/types.js';
import { checkOptions, fn, hostObject, optionsObject, type OptionsShape } from '../../core/options.js';
import { bindGroups, routeGroup, withDefaults } from '../define.js';
import { bindService, serviceLimits, serviceLimitsOptions, type GivenHostServiceLimits } from '../host-service.js';
import { blocksuiteDesignLibraryAiHandlers } from './handlers/ai.js';
import { blocksuiteDesignLibraryEventsHandlers } from './handlers/events.js';
import { designLibraryImportGroup } from './handlers/import.js';
import { blocksuiteDesignLibraryImagesHandlers } from './handlers/images.js';
import { blocksuiteDesignLibraryLibraryHandlers } from './handlers/library.js';
import { blocksuiteDesignLibraryWizardHandlers } from './handlers/wizard.js';
import { blocksuiteDesignLibraryAiRoutes } from './routes/ai.js';
import { blocksuiteDesignLibraryEventsRoutes } from './routes/events.js';
import { blocksuiteDesignLibraryImagesRoutes } from './routes/images.js';
import { blocksuiteDesignLibraryRouteOrder } from './routes/index.js';
import { blocksuiteDesignLibraryLibraryRoutes } from './routes/library.js';
import { blocksuiteDesignLibraryWizardRoutes } from './routes/wizard.js';
import { designLibraryService, type DesignLibrary } from './services.js';
import { blocksuiteDesignLibraryStorageOn } from './site-store.js';
import { blocksuiteDesignLibraryStorageGroups, type BlocksuiteDesignLibraryStorage } from './storage.js';
import { imageDownloadService, type ImageDownload } from '../image-download.js';

export {
  CLOUD_OPTION,
  LEGACY_LICENSE_OPTION,
  LICENSE_KEY_OPTION,
  PROMPTS_OPTION,
  PROPHECY_OPTION,
  blocksuiteDesignLibraryStorageOn,
} from './site-store.js';
export { blocksuiteDesignLibraryStorageGroups } from './storage.js';
export { DESIGN_LIBRARY_URLS } from './services.js';
export type {
  AiPrompts,
  BlocksuiteDesignLibraryStorage,
  DesignLibrary,
  DesignLibraryAnswer,
  DesignLibraryCache,
  DesignLibraryCall,
  DesignLibraryLicense,
  DesignLibraryOperation,
  DesignLibraryImportStorage,
  DesignLibraryQuery,
  DesignLibraryStateStorage,
  WizardAnswers,
} from './storage.js';

/** Options of {@link blocksuiteDesignLibrary}. */
export interface BlocksuiteDesignLibraryOptions {
  /** The design library's upstreams (default: none, so every route answers as the plugin does when they cannot be reached). */
  designLibrary?: DesignLibrary;
  /** How long each upstream call may take and how much it may answer (default 20 s, 16 MiB). */
  designLibraryLimits?: GivenHostServiceLimits;
  /**
   * Fetches an image `process_pattern` and `process_images` import. Without one nothing is
   * downloaded (images imported before are still answered); on Node, `nodeImageDownload()` from
   * `site-rest/node` reaches public addresses only.
   */
  imageDownload?: ImageDownload;
  /** How long one image's download may take and how much it may weigh (default 15 s, 10 MiB). */
  downloadLimits?: GivenHostServiceLimits;
  /** The host's own storage callbacks (the library's state, the image library, helper posts); the ones left out are the site store's, a group at a time. */
  storage?: Partial<BlocksuiteDesignLibraryStorage>;
  /** The clock in milliseconds (default `Date.now`), for Kadence Cloud connection expiry. */
  now?: () => number;
}

/** The checks of {@link BlocksuiteDesignLibraryOptions}. */
export const blocksuiteDesignLibraryOptions = optionsObject({
  designLibrary: hostObject('the design library upstreams: { request(call, signal) }').optional(),
  designLibraryLimits: serviceLimitsOptions.optional(),
  imageDownload: fn('request, signal → { contentType, bytes } or null').optional(),
  downloadLimits: serviceLimitsOptions.optional(),
  storage: hostObject('the design library storage callbacks').optional(),
  now: fn('→ milliseconds').optional(),
} satisfies OptionsShape<BlocksuiteDesignLibraryOptions>);

/**
 * The `blocksuite-design-library/v1` namespace (Kadence Blocks 3.5's `kb-design-library/v1`): the
 * pattern library and its categories, pattern content, the AI content jobs and the wizard's
 * helpers, images and the analytics event, every upstream behind the `designLibrary` service, its
 * answers cached in transients and the plugin's state in its own options; and the imports of a
 * pattern's helper posts and images (`process_pattern`, `process_images`) through the image
 * download. All need `edit_posts`.
 */
export function blocksuiteDesignLibrary(options: BlocksuiteDesignLibraryOptions = {}): MountableNamespace {
  const checked = checkOptions(blocksuiteDesignLibraryOptions, options, 'blocksuiteDesignLibrary');
  const limits = serviceLimits('blocksuiteDesignLibrary designLibraryLimits', checked.designLibraryLimits, designLibraryService.limits);
  const downloadLimits = serviceLimits('blocksuiteDesignLibrary downloadLimits', checked.downloadLimits, imageDownloadService.limits);
  const now = options.now ?? Date.now;
  return ({ store, reportService }) => {
    const storage = withDefaults(
      () => blocksuiteDesignLibraryStorageOn(store),
      options.storage,
      blocksuiteDesignLibraryStorageGroups,
      'blocksuiteDesignLibrary storage',
    );
    const download = bindService(imageDownloadService, options.imageDownload, downloadLimits, reportService);
    const deps = { service: bindService(designLibraryService, options.designLibrary, limits, reportService), now };
    const groups = [
      routeGroup(blocksuiteDesignLibraryAiRoutes, blocksuiteDesignLibraryAiHandlers(deps)),
      routeGroup(blocksuiteDesignLibraryLibraryRoutes, blocksuiteDesignLibraryLibraryHandlers(deps)),
      routeGroup(blocksuiteDesignLibraryWizardRoutes, blocksuiteDesignLibraryWizardHandlers(deps)),
      routeGroup(blocksuiteDesignLibraryImagesRoutes, blocksuiteDesignLibraryImagesHandlers(deps)),
      routeGroup(blocksuiteDesignLibraryEventsRoutes, blocksuiteDesignLibraryEventsHandlers(deps)),
      designLibraryImportGroup(download),
    ];
    return bindGroups('blocksuite-design-library/v1', groups, { storage, order: blocksuiteDesignLibraryRouteOrder });
  };
}
