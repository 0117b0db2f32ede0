import type { PostRecord } from './storage.js';

/** The fields a new post has unless it sets them: WordPress's defaults, fresh for each post. */
export function postDefaults(): Pick<
  PostRecord,
  'excerpt' | 'password' | 'comment_status' | 'ping_status' | 'sticky' | 'template' | 'format' | 'categories' | 'tags' | 'featured_media'
> {
  return {
    excerpt: '',
    password: '',
    comment_status: 'open',
    ping_status: 'open',
    sticky: false,
    template: '',
    format: 'standard',
    categories: [1],
    tags: [],
    featured_media: 0,
  };
}
