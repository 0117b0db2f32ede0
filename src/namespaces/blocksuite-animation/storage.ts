import type { PostRow } from '../../store/types.js';
import type { StorageContext, StorageGroups } from '../define.js';

/** What the GET route reads of a post: its type, status and content. */
export type AnimationPost = Pick<PostRow, 'ID' | 'post_type' | 'post_status' | 'post_content'>;

/** A new animation as Kadence inserts it: a published `kadence_lottie` post. */
export interface NewAnimation {
  /** The title as given, trimmed. */
  title: string;
  /** The animation's JSON as Kadence encodes it. */
  content: string;
  /** The uploading user's id. */
  author: number;
}

/**
 * Where Lottie animations live: posts of type `kadence_lottie`, their JSON in `post_content`, as
 * Kadence Blocks keeps them. Every callback gets the request's storage context last.
 */
export interface BlocksuiteAnimationStorage {
  /** A post of any type by id; null when absent. */
  getPost(id: number, context: StorageContext): Promise<AnimationPost | null>;
  /** Stores a new animation post and answers its id. */
  createAnimation(animation: NewAnimation, context: StorageContext): Promise<number>;
}

/** The animation storage's callbacks read and write the same posts, so a host gives both or neither. */
export const blocksuiteAnimationStorageGroups: StorageGroups<BlocksuiteAnimationStorage> = [
  { data: 'Lottie animation posts', callbacks: ['getPost', 'createAnimation'] },
];
