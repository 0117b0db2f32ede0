import { postDefaults } from './defaults.js';
import type { PostRecord } from './storage.js';

const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf'];

/**
 * The sample posts the demo ships with, shaped like the recorded WordPress site's: posts 1–23
 * (ids 4–26, one a day from 2023-01-01 09:00 UTC, every fifth by user 2) and two drafts. Their
 * GUID is left empty, so it shows as the permalink on whatever site serves them.
 */
export function samplePosts(): PostRecord[] {
  const posts: PostRecord[] = [];
  for (let n = 1; n <= 23; n++) {
    const day = String(n).padStart(2, '0');
    const word = WORDS[n % WORDS.length]!;
    const date = `2023-01-${day}T09:00:00`;
    posts.push({
      ...postDefaults(),
      id: n + 3,
      date_gmt: date,
      modified_gmt: date,
      slug: `post-${day}`,
      status: 'publish',
      title: `Post ${day} ${word}`,
      content: `<!-- wp:paragraph -->\n<p>Body of post ${n}. Keyword ${word}.</p>\n<!-- /wp:paragraph -->`,
      author: n % 5 === 0 ? 2 : 1,
      guid: '',
    });
  }
  for (const [i, id] of [27, 28].entries()) {
    const date = `2023-01-${24 + i}T09:00:00`;
    posts.push({
      ...postDefaults(),
      id,
      date_gmt: date,
      modified_gmt: date,
      slug: '',
      status: 'draft',
      title: `Draft ${i + 1}`,
      content: `Draft body ${i + 1}.`,
      author: 1,
      guid: '',
    });
  }
  return posts;
}
