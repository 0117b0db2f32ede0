import type { ByteSize } from '../../core/byte-size.js';
import type { MountableNamespace } from '../../core/types.js';
import { bindGroups, routeGroup, withDefaults } from '../define.js';
import { blocksuiteAnimationHandlers } from './handlers.js';
import { blocksuiteAnimationRoutes } from './routes.js';
import { blocksuiteAnimationStorageOn } from './site-store.js';
import { blocksuiteAnimationStorageGroups, type BlocksuiteAnimationStorage } from './storage.js';
import { bytes, checkOptions, fn, hostObject, optionsObject, type OptionsShape } from '../../core/options.js';

export { blocksuiteAnimationStorageOn, LOTTIE_POST_TYPE } from './site-store.js';
export { blocksuiteAnimationStorageGroups } from './storage.js';
export type { AnimationPost, BlocksuiteAnimationStorage, NewAnimation } from './storage.js';

/** The default cap on an animation: 2 MiB. */
export const MAX_ANIMATION_BYTES = 2 * 1024 * 1024;

/** Options of {@link blocksuiteAnimation}. */
export interface BlocksuiteAnimationOptions {
  /** The host's storage callbacks, both or neither; default the site store's posts. */
  storage?: BlocksuiteAnimationStorage;
  /** The most an uploaded animation may weigh, as sent and as stored (default 2 MiB; `'2mb'` as Express writes sizes); more answers 413. */
  maxAnimationSize?: ByteSize;
  /** The clock in milliseconds (default `Date.now`), for the default storage's post dates. */
  now?: () => number;
}

/** The checks of {@link BlocksuiteAnimationOptions}. */
export const blocksuiteAnimationOptions = optionsObject({
  storage: hostObject('the Lottie animation storage callbacks').optional(),
  maxAnimationSize: bytes.optional(),
  now: fn('→ milliseconds').optional(),
} satisfies OptionsShape<BlocksuiteAnimationOptions>);

/**
 * The `blocksuite-animation/v1` namespace (Kadence Blocks' `kb-lottieanimation/v1`): Lottie
 * animations kept as `kadence_lottie` posts, uploaded by authors and read back by anyone as the
 * JSON the Lottie player loads.
 */
export function blocksuiteAnimation(options: BlocksuiteAnimationOptions = {}): MountableNamespace {
  const checked = checkOptions(blocksuiteAnimationOptions, options, 'blocksuiteAnimation');
  const handlers = blocksuiteAnimationHandlers({ maxBytes: checked.maxAnimationSize ?? MAX_ANIMATION_BYTES });
  return ({ store }) => {
    const storage = withDefaults<BlocksuiteAnimationStorage>(
      () => blocksuiteAnimationStorageOn(store, options.now),
      options.storage,
      blocksuiteAnimationStorageGroups,
      'blocksuiteAnimation storage',
    );
    return bindGroups('blocksuite-animation/v1', [routeGroup(blocksuiteAnimationRoutes, handlers)], { storage });
  };
}
