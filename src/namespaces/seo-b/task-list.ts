// Yoast 28.1's task list (`src/task-list/`): the site-wide tasks its `Tasks_Collector` holds, each
// with its completion check, its call to action (a link carrying Yoast's tracking arguments) and
// its copy, and the three that `complete_task` can carry out.
import type { JsonValue } from '../../store/types.js';
import type { BoundStorage } from '../define.js';
import type { SeoBStorage } from './storage.js';
import { getWpseo, setWpseo } from './wpseo-options.js';

/** What a task reads besides the storage: the site's admin address, the clock and the tracking nonce. */
export interface TaskEnv {
  /** The bound storage. */
  storage: BoundStorage<SeoBStorage>;
  /** `self_admin_url()`'s base: the site address with `/wp-admin/`. */
  adminUrl: string;
  /** Now, in milliseconds. */
  now: number;
  /** `wp_create_nonce( 'wpseo_tracking_nonce' )` for the current user. */
  nonce: string;
}

/** A call to action: its label, its kind and where it leads (null for an action done in place). */
interface CallToAction {
  label: string;
  type: 'default' | 'link' | 'add' | 'delete' | 'edit';
  href: string | null;
}

/** A task as Yoast declares it. */
interface Task {
  id: string;
  priority: 'high' | 'medium' | 'low';
  duration: number;
  title: string;
  about: string;
  isCompleted(env: TaskEnv): Promise<boolean>;
  callToAction(env: TaskEnv): CallToAction;
  /** Carries the task out, for the tasks `complete_task` may complete; false where it failed. */
  complete?(env: TaskEnv): Promise<boolean>;
  /** The message of its failure (Yoast's `Complete_*_Task_Exception`, 400). */
  failure?: string;
}

/** Yoast's `<p>` copy. */
const p = (text: string): string => `<p>${text}</p>`;

const PLACEHOLDER_ABOUT = p(
  'Leaving placeholder content makes your site look unfinished and untrustworthy. Removing it keeps your site clean and professional for visitors and search engines.',
);

/** `Y-m-d H:i:s` in UTC. */
function gmtDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** WordPress's default "Sample Page", still published. */
async function samplePage(env: TaskEnv) {
  const [page] = await env.storage.findPosts({ type: ['page'], slug: ['sample-page'], status: ['publish'], limit: 1 });
  return page ?? null;
}

/**
 * WordPress's "Hello world!" post: post 1, published. Yoast also checks that its first comment is
 * WordPress's sample comment; the site store keeps no comments, so its slug `hello-world` stands for that.
 */
async function helloWorld(env: TaskEnv) {
  const post = await env.storage.getPost(1);
  return post && post.post_status === 'publish' && post.post_name === 'hello-world' ? post : null;
}

/** The tasks of Yoast 28.1's `Tasks_Collector`, in its order. */
const TASKS: readonly Task[] = [
  {
    id: 'complete-ftc',
    priority: 'high',
    duration: 15,
    title: 'Complete the first time configuration',
    about: p(
      'Skipping setup limits how much Yoast SEO can help you. Completing it makes sure the core settings are working in your favor.',
    ),
    async isCompleted(env) {
      const steps = await getWpseo(env.storage, 'configuration_finished_steps');
      return Array.isArray(steps) && steps.length === 4;
    },
    callToAction: (env) => ({
      label: 'Start configuration',
      type: 'link',
      href: `${env.adminUrl}admin.php?page=wpseo_dashboard#/first-time-configuration`,
    }),
  },
  {
    id: 'create-new-content',
    priority: 'medium',
    duration: 90,
    title: 'Create new content',
    about:
      p(
        'Long gaps without new content slow down your traffic growth. Publishing regularly gives search engines and visitors a reason to return.',
      ) + p('Plan a topic, write your post, and use the Yoast SEO and Readability Analyses to refine it before publishing.'),
    async isCompleted(env) {
      const since = gmtDate(env.now - 30 * 86_400_000);
      const recent = await env.storage.findPosts({
        type: ['post'],
        status: ['publish'],
        dates: [{ column: 'post_date_gmt', after: since }],
        limit: 1,
      });
      return recent.length > 0;
    },
    callToAction: (env) => ({ label: 'Create new post', type: 'add', href: `${env.adminUrl}post-new.php` }),
  },
  {
    id: 'delete-hello-world',
    priority: 'medium',
    duration: 1,
    title: 'Remove the “Hello World” post',
    about: PLACEHOLDER_ABOUT,
    async isCompleted(env) {
      const post = await helloWorld(env);
      return post === null || post.post_date !== post.post_modified;
    },
    callToAction: () => ({ label: 'Delete for me', type: 'delete', href: null }),
    async complete(env) {
      return (await env.storage.getPost(1)) === null || env.storage.trashPost(1);
    },
    failure: 'Failed to delete the Hello World post.',
  },
  {
    id: 'delete-sample-page',
    priority: 'medium',
    duration: 1,
    title: 'Remove the "Sample Page"',
    about: PLACEHOLDER_ABOUT,
    async isCompleted(env) {
      const page = await samplePage(env);
      return page === null || page.post_date !== page.post_modified;
    },
    callToAction: () => ({ label: 'Delete for me', type: 'delete', href: null }),
    async complete(env) {
      const page = await samplePage(env);
      return page === null || env.storage.trashPost(page.ID);
    },
    failure: 'Failed to delete the Sample Page.',
  },
  {
    id: 'enable-llms-txt',
    priority: 'medium',
    duration: 1,
    title: 'Create an llms.txt file',
    about: p(
      'Without llms.txt, AI platforms may not know how to treat your content. Enabling it helps communicate your preferences in a clearer way to AI tools.',
    ),
    async isCompleted(env) {
      return (await getWpseo(env.storage, 'enable_llms_txt')) === true;
    },
    callToAction: () => ({ label: 'Enable llms.txt', type: 'default', href: null }),
    complete: (env) => setWpseo(env.storage, 'enable_llms_txt', true),
    failure: 'Failed to enable llms.txt option.',
  },
];

/** `Tracking_Link_Adapter::create_tracking_link_for_tasks`: the link with Yoast's tracking arguments added before its fragment. */
function trackingLink(href: string | null, nonce: string): string | null {
  if (href === null) return null;
  const hash = href.indexOf('#');
  const [base, fragment] = hash < 0 ? [href, ''] : [href.slice(0, hash), href.slice(hash)];
  const joiner = base.includes('?') ? '&' : '?';
  return `${base}${joiner}wpseo_tracked_action=task_first_actioned_on&wpseo_tracking_nonce=${nonce}${fragment}`;
}

/** `Tasks_Collector::get_tasks_data`: every task's data by its id, as `get_tasks` answers them. */
export async function tasksData(env: TaskEnv): Promise<Record<string, JsonValue>> {
  const out: Record<string, JsonValue> = {};
  for (const task of TASKS) {
    const action = task.callToAction(env);
    out[task.id] = {
      id: task.id,
      duration: task.duration,
      priority: task.priority,
      badge: null,
      isCompleted: await task.isCompleted(env),
      callToAction: { label: action.label, type: action.type, href: trackingLink(action.href, env.nonce) },
      title: task.title,
      about: task.about,
    };
  }
  return out;
}

/** What completing a task came to: done, no such completeable task, or its failure's message. */
type TaskOutcome = { done: true } | { done: false; missing: true } | { done: false; missing: false; message: string };

/** `Complete_Task_Route`: carries out a completeable task by id. */
export async function completeTask(env: TaskEnv, id: string): Promise<TaskOutcome> {
  const task = TASKS.find((candidate) => candidate.id === id);
  if (!task?.complete) return { done: false, missing: true };
  return (await task.complete(env)) ? { done: true } : { done: false, missing: false, message: task.failure ?? '' };
}
