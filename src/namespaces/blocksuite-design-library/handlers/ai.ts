// The AI content jobs: `content/create` starts one per context, its id kept in the option
// `kb_design_library_prompts`; `content/job/<id>` answers 409 while it runs and the content once
// done, which is cached (the plugin's `Ai_Cache`). Answers are the plugin's bare strings where it
// gives them (`"processing"`, `"error"`, `"credits"`, `"loading"`, `"empty"`, `"failed"`).
import { isEmpty, toPhpString } from '../../../core/php/values.js';
import type { RestContext } from '../../../core/types.js';
import { setOwn } from '../../../core/own-property.js';
import type { JsonValue } from '../../../store/types.js';
import type { BoundStorage, Handlers } from '../../define.js';
import { ALL_CONTEXTS, createJobBody, INITIAL_CONTEXTS } from '../ai-contexts.js';
import { invalidHandler } from '../errors.js';
import type { blocksuiteDesignLibraryAiRoutes } from '../routes/ai.js';
import type { UpstreamReply } from '../services.js';
import type { AiPrompts, BlocksuiteDesignLibraryStorage, DesignLibraryLicense, WizardAnswers } from '../storage.js';
import { ask, decoded, field, prophecyToken, prophecyUrl, sendEvent, type DesignLibraryDeps } from '../upstream.js';
import { remainingCredits } from './wizard.js';

type Storage = BoundStorage<BlocksuiteDesignLibraryStorage>;

/** The plugin's answer to `content/create`: the body, or `"error"` / `"credits"` (no credits left). */
type Created = string;

/** The detail the AI service answers when the license has no credits left. */
const NO_CREDITS = 'Failed, unable to use credits.';

/** `get_new_remote_contents( $context )`: starts one context's job with the wizard's answers. */
async function createJob(
  deps: DesignLibraryDeps,
  answers: WizardAnswers,
  license: DesignLibraryLicense,
  context: RestContext,
  name: string,
): Promise<Created> {
  const reply = await ask(deps, {
    operation: 'ai-create',
    method: 'POST',
    url: prophecyUrl('content/create'),
    token: prophecyToken(license, context.site),
    context: name,
    body: createJobBody(name, answers),
  });
  if (!reply.reached) return 'error';
  if (reply.status >= 400) return field(decoded(reply.body), 'detail') === NO_CREDITS ? 'credits' : 'error';
  return reply.body;
}

/** `$data['data']['job_id']` of a created job's body, when set. */
function jobIdOf(created: Created): JsonValue | undefined {
  const id = field(field(decoded(created), 'data'), 'job_id');
  return id === null ? undefined : id;
}

/** `get_remote_contents( $job )`: one job's state or content. */
async function fetchJob(
  deps: DesignLibraryDeps,
  license: DesignLibraryLicense,
  context: RestContext,
  job: JsonValue,
): Promise<UpstreamReply> {
  const id = toPhpString(job);
  return ask(deps, {
    operation: 'ai-job',
    method: 'GET',
    url: prophecyUrl(`content/job/${id}`),
    token: prophecyToken(license, context.site),
    job: id,
  });
}

/** A context's job id, read as PHP reads `$prompts[ $context ]`: an own entry only. */
function jobOf(prompts: AiPrompts, name: string): JsonValue | undefined {
  return Object.hasOwn(prompts, name) ? prompts[name] : undefined;
}

/** The prompts without `name`, if it is there (the plugin's `unset` after a failed job). */
function withoutContext(name: string): (current: AiPrompts) => AiPrompts {
  return (current) => {
    const kept: AiPrompts = {};
    for (const [key, value] of Object.entries(current)) if (key !== name) setOwn(kept, key, value);
    return kept;
  };
}

/** The prompts with `jobs` written over them. */
function withJobs(jobs: ReadonlyArray<readonly [string, JsonValue]>): (current: AiPrompts) => AiPrompts {
  return (current) => {
    const next: AiPrompts = { ...current };
    for (const [name, job] of jobs) setOwn(next, name, job);
    return next;
  };
}

/** What starting a list of contexts came to: the contexts started with their job ids, and whether any failed. */
interface Started {
  jobs: Array<readonly [string, JsonValue]>;
  hasError: boolean;
}

/** Starts a job for each of `names`, all at once; a failure, `"credits"` or a body without a job id counts as an error. */
async function startJobs(deps: DesignLibraryDeps, storage: Storage, context: RestContext, names: readonly string[]): Promise<Started> {
  const [license, answers] = await Promise.all([storage.license(), storage.wizardAnswers()]);
  const created = await Promise.all(names.map((name) => createJob(deps, answers, license, context, name)));
  const started: Started = { jobs: [], hasError: false };
  created.forEach((body, i) => {
    const job = body === 'error' ? undefined : jobIdOf(body);
    if (job === undefined) started.hasError = true;
    else started.jobs.push([names[i]!, job]);
  });
  return started;
}

/** A job's content: from the AI cache, else fetched and cached when it is done; what the fetch answered otherwise. */
async function jobContent(
  deps: DesignLibraryDeps,
  storage: Storage,
  license: DesignLibraryLicense,
  context: RestContext,
  job: JsonValue,
): Promise<{ content: JsonValue } | { reply: UpstreamReply }> {
  const cached = await storage.cachedBody('ai', toPhpString(job));
  if (cached !== undefined) return { content: decoded(cached) };
  const reply = await fetchJob(deps, license, context, job);
  if (!reply.reached || reply.status >= 400) return { reply };
  await storage.cacheBody('ai', toPhpString(job), reply.body);
  return { content: decoded(reply.body) };
}

/** PHP's `rest_ensure_response( $array )` of an array built by key: `[]` when it has none, an object otherwise. */
function phpMap(entries: ReadonlyArray<readonly [string, JsonValue]>): JsonValue {
  if (entries.length === 0) return [];
  const map: { [key: string]: JsonValue } = {};
  for (const [key, value] of entries) setOwn(map, key, value);
  return map;
}

/** The AI content handlers. */
export function blocksuiteDesignLibraryAiHandlers(
  deps: DesignLibraryDeps,
): Handlers<typeof blocksuiteDesignLibraryAiRoutes, BlocksuiteDesignLibraryStorage> {
  return {
    async getContext(request, context, storage) {
      // `$available_prompts[ $context ]`: PHP reads an absent context as the key ''.
      const name = request.params.context ?? '';
      const prompts = await storage.prompts();
      const job = jobOf(prompts, name);
      const license = await storage.license();
      if (job === undefined || isEmpty(job) || request.params.force_reload) {
        const created = await createJob(deps, await storage.wizardAnswers(), license, context, name);
        if (created === 'error' || created === 'credits') return created;
        const id = jobIdOf(created);
        if (id === undefined) return 'error';
        await storage.updatePrompts(withJobs([[name, id]]));
        return 'processing';
      }
      const cached = await storage.cachedBody('ai', toPhpString(job));
      if (cached !== undefined) return cached;
      sendEvent(deps, license, context.site, 'Context Generation Requested', { context_name: name, is_regeneration: true });
      const reply = await fetchJob(deps, license, context, job);
      if (!reply.reached) {
        await storage.updatePrompts(withoutContext(name));
        sendEvent(deps, license, context.site, 'Context Generation Failed', {
          context_name: name,
          is_regeneration: true,
          errors: [reply.message],
        });
        return 'error';
      }
      if (reply.status >= 400) {
        // 409: the job has not started, is running or is being retried.
        if (reply.status === 409) return 'processing';
        await storage.updatePrompts(withoutContext(name));
        return 'error';
      }
      if (isEmpty(reply.body) || reply.body === 'error') return 'error';
      await storage.cacheBody('ai', toPhpString(job), reply.body);
      const credits = await remainingCredits(deps, license, context);
      sendEvent(deps, license, context.site, 'Context Generation Completed', {
        context_name: name,
        credits_after: credits,
        is_regeneration: true,
      });
      return reply.body;
    },

    async getAllItems(_request, context, storage) {
      const [prompts, license] = await Promise.all([storage.prompts(), storage.license()]);
      const contents = await Promise.all(
        Object.entries(prompts).map(async ([name, job]) => [name, await jobContent(deps, storage, license, context, job)] as const),
      );
      // A job not done, failed or unreachable is left out.
      const entries = contents.flatMap(([name, got]) => ('content' in got ? [[name, got.content] as const] : []));
      return entries.length === 0 ? 'empty' : phpMap(entries);
    },

    async getAllAi(request, context, storage) {
      const [prompts, license] = await Promise.all([storage.prompts(), storage.license()]);
      const names = (request.params.force_reload ? INITIAL_CONTEXTS : ALL_CONTEXTS).filter((name) => {
        const job = jobOf(prompts, name);
        return job !== undefined && job !== null;
      });
      const contents = await Promise.all(
        names.map(async (name) => [name, await jobContent(deps, storage, license, context, jobOf(prompts, name)!)] as const),
      );
      let ready = true;
      let hasError = false;
      for (const [, got] of contents) {
        if ('content' in got) continue;
        if (got.reply.reached && got.reply.status === 409) ready = false;
        else hasError = true;
      }
      if (hasError) return 'error';
      if (!ready) return 'loading';
      return phpMap(contents.flatMap(([name, got]) => ('content' in got ? [[name, got.content] as const] : [])));
    },

    async getRemainingJobs(request, context, storage) {
      const prompts = await storage.prompts();
      const missing = ALL_CONTEXTS.filter((name) => request.params.force_reload || isEmpty(jobOf(prompts, name)));
      const { jobs, hasError } = await startJobs(deps, storage, context, missing);
      await storage.updatePrompts(withJobs(jobs));
      const started = jobs.map(([name]) => name);
      if (started.length === 0) return 'failed';
      return hasError ? { context: started, error: true } : started;
    },

    async getLocalContexts(_request, _context, storage) {
      const prompts = await storage.prompts();
      const started = Object.entries(prompts).flatMap(([name, job]) => (isEmpty(job) ? [] : [name]));
      return started.length === 0 ? 'failed' : started;
    },

    async getInitialJobs(_request, context, storage) {
      await storage.updatePrompts(() => ({}));
      const { jobs, hasError } = await startJobs(deps, storage, context, INITIAL_CONTEXTS);
      await storage.updatePrompts(() => withJobs(jobs)({}));
      const started = jobs.map(([name]) => name);
      if (started.length === 0) return 'failed';
      return hasError ? 'error' : started;
    },

    resetItems: invalidHandler,
  };
}
