import { bodyTooLarge, internal } from '../../core/errors/catalogue.js';
import { isPlainObject } from '../../core/own-property.js';
import { phpJsonDecode } from '../../core/php/json-decode.js';
import { phpTrim } from '../../core/php/strings.js';
import { isEmpty, isPhpArray, toInt, toPhpString } from '../../core/php/values.js';
import { isStoreError } from '../../store/errors.js';
import type { Handlers } from '../define.js';
import { animationNotFound, insertFailed, storedJsonInvalid, titleMissing, uploadJsonInvalid } from './errors.js';
import { storedAnimation } from './lottie-json.js';
import type { blocksuiteAnimationRoutes } from './routes.js';
import { LOTTIE_POST_TYPE } from './site-store.js';
import type { BlocksuiteAnimationStorage } from './storage.js';

/** What the handlers run on. */
interface BlocksuiteAnimationHandlerDeps {
  /** The most bytes an animation may have, as sent and as stored. */
  maxBytes: number;
}

const encoder = new TextEncoder();

/** A body's size in bytes; a string is measured without copying it when every character is one byte. */
function byteLength(body: Uint8Array | string): number {
  if (typeof body !== 'string') return body.byteLength;
  return /[^\x00-\x7f]/.test(body) ? encoder.encode(body).byteLength : body.length;
}

/**
 * The post id `get_post` reads from the path: `.json` removed wherever it is (`str_replace`), then
 * PHP's `(int)`, so `12.json` and `12abc` are post 12 and a list given as `?id[]=` is post 1.
 */
function postIdOf(id: unknown): number {
  return toInt(typeof id === 'string' ? id.replaceAll('.json', '') : id);
}

/** The handlers of the blocksuite-animation route table. */
export function blocksuiteAnimationHandlers({
  maxBytes,
}: BlocksuiteAnimationHandlerDeps): Handlers<typeof blocksuiteAnimationRoutes, BlocksuiteAnimationStorage> {
  return {
    async getAnimation(request, _context, storage) {
      // `$request->get_param( 'id' )`: a query or body `id` beats the path's, as WordPress merges params.
      const id = postIdOf(request.params.id);
      const post = id > 0 ? await storage.getPost(id) : null;
      if (!post || post.post_type !== LOTTIE_POST_TYPE || post.post_status !== 'publish') return animationNotFound();
      const decoded = phpJsonDecode(post.post_content);
      if (!decoded.ok || decoded.value === null) return storedJsonInvalid();
      return decoded.value;
    },

    async createAnimation(request, context, storage) {
      // Refused before anything reads the animation; what the adapters answer a body over their limit.
      if (byteLength(request.rawBody) > maxBytes) return bodyTooLarge(maxBytes);
      const body = isPlainObject(request.json) ? request.json : {};
      const lottieFile = body.lottieFile;
      if (isEmpty(lottieFile) || !isPhpArray(lottieFile)) return uploadJsonInvalid();
      // PHP 8's `trim()` throws on a list or object title: WordPress answers its critical error.
      if (isPhpArray(body.title)) return internal();
      const title = phpTrim(toPhpString(body.title));
      if (isEmpty(title)) return titleMissing();
      const content = JSON.stringify(storedAnimation(lottieFile));
      if (byteLength(content) > maxBytes) return bodyTooLarge(maxBytes);
      try {
        const id = await storage.createAnimation({ title, content, author: context.user?.id ?? 0 });
        return { value: id, label: title };
      } catch (error) {
        if (isStoreError(error, 'invalid_value')) return insertFailed();
        throw error;
      }
    },
  };
}
