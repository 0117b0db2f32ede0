// Reads the submissions contact forms logged in a site store, from the Flamingo inbound messages
// they are kept as, back into the shape the namespace recorded.
import type { PostedValue, SiteStore, SubmissionStatus } from '../../src/index.js';

/** A logged submission as read back from its post and post meta. */
export interface LoggedSubmission {
  /** The post's id. */
  id: number;
  /** `publish`, or `flamingo-spam` for spam. */
  postStatus: string;
  /** The post's title (the subject, else Flamingo's "(No Title)"). */
  title: string;
  /** The form it was sent to. */
  formId: number;
  /** The unit tag the client sent. */
  unitTag: string;
  /** The client's User-Agent. */
  userAgent: string;
  /** `_submission_status`. */
  status: SubmissionStatus;
  /** The fields, by name, from their `_field_<name>` meta. */
  fields: Record<string, PostedValue>;
  /** Every meta key of the post, sorted. */
  metaKeys: string[];
}

/** The submissions logged in `store`, oldest first. */
export async function loggedSubmissions(store: SiteStore): Promise<LoggedSubmission[]> {
  const { posts } = await store.posts.query({ type: ['flamingo_inbound'], orderby: 'ID', order: 'asc' });
  const meta = await store.postMeta.getMany(posts.map((post) => post.ID));
  return posts.map((post) => {
    const own = meta.get(post.ID) ?? {};
    const first = (key: string) => own[key]?.[0];
    const info = first('_meta') as Record<string, string>;
    const listed = Object.keys(first('_fields') as Record<string, null>);
    return {
      id: post.ID,
      postStatus: post.post_status,
      title: post.post_title,
      formId: Number(info.contact_form_id),
      unitTag: info.unit_tag!,
      userAgent: info.user_agent!,
      status: first('_submission_status') as SubmissionStatus,
      fields: Object.fromEntries(listed.map((name) => [name, first(`_field_${name.toLowerCase()}`) as PostedValue])),
      metaKeys: Object.keys(own).sort(),
    };
  });
}
