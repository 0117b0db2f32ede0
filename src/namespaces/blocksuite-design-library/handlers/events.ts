// The editor's analytics events (`Kadence_Blocks_AI_Events::handle_event_endpoint`): a known label
// becomes the plugin's event name and context, pinged upstream only when the site is licensed and
// never waited for; an unknown one answers 500.
import { RestResponse } from '../../../core/http/response.js';
import type { JsonValue } from '../../../store/types.js';
import type { Handlers } from '../../define.js';
import type { JsonObject } from '../../recorded-double.js';
import type { blocksuiteDesignLibraryEventsRoutes } from '../routes/events.js';
import type { BlocksuiteDesignLibraryStorage } from '../storage.js';
import { field, sendEvent, type DesignLibraryDeps } from '../upstream.js';

/** `$event_data[ $name ] ?? $fallback`. */
function given(data: JsonValue | undefined, name: string, fallback: JsonValue): JsonValue {
  return field(data, name) ?? fallback;
}

/** `$event_data[ $name ]` without a fallback: null when absent (PHP's warning aside). */
function read(data: JsonValue | undefined, name: string): JsonValue {
  return field(data, name) ?? null;
}

/** The AI wizard's answers as the update and complete events carry them. */
function wizardContext(data: JsonValue | undefined): JsonObject {
  return {
    organization_type: given(data, 'entityType', ''),
    location_type: given(data, 'locationType', ''),
    location: given(data, 'location', ''),
    industry: given(data, 'industry', ''),
    description: given(data, 'missionStatement', ''),
    keywords: given(data, 'keywords', ''),
    tone: given(data, 'tone', ''),
    collections: given(data, 'customCollections', ''),
    lang: given(data, 'lang', ''),
    goals: given(data, 'goals', ''),
  };
}

/**
 * `build_collection_updated_event_data( array $collections, string $id_or_name )`: the custom
 * collection's label when one has that value, else the name as given. PHP refuses a missing
 * collection list or name with a `TypeError` (a fatal error, WordPress's 500): thrown here too.
 */
function collectionContext(data: JsonValue | undefined): JsonObject {
  const collections = field(data, 'customCollections');
  const chosen = field(data, 'photoLibrary');
  if (typeof collections !== 'object' || collections === null)
    throw new TypeError('collection_updated needs customCollections as an array');
  if (typeof chosen === 'object' || chosen === undefined) throw new TypeError('collection_updated needs photoLibrary as a string');
  const name = typeof chosen === 'boolean' ? (chosen ? '1' : '') : String(chosen);
  for (const collection of Object.values(collections)) {
    if (field(collection, 'value') === name) return { collection_name: given(collection, 'label', ''), is_custom: true };
  }
  return { collection_name: name, is_custom: false };
}

/** Each known label's event name and how its context is made. */
const EVENTS: ReadonlyMap<string, [string, (data: JsonValue | undefined) => JsonValue]> = new Map([
  ['ai_wizard_started', ['AI Wizard Started', () => []]],
  ['ai_wizard_update', ['AI Wizard Update', wizardContext]],
  ['ai_wizard_complete', ['AI Wizard Complete', wizardContext]],
  [
    'pattern_added_to_page',
    [
      'Pattern Added to Page',
      (data) => ({
        pattern_id: given(data, 'id', ''),
        pattern_slug: given(data, 'slug', ''),
        pattern_name: given(data, 'name', ''),
        pattern_style: given(data, 'style', ''),
        pattern_is_ai: given(data, 'is_ai', false),
        pattern_context: given(data, 'context', ''),
        pattern_categories: given(data, 'categories', []),
      }),
    ],
  ],
  [
    'ai_inline_completed',
    [
      'AI Inline Completed',
      (data) => ({
        tool_name: read(data, 'tool_name'),
        type: read(data, 'type'),
        initial_text: read(data, 'initial_text'),
        result: read(data, 'result'),
        credits_before: read(data, 'credits_before'),
        credits_after: read(data, 'credits_after'),
        credits_used: read(data, 'credits_used'),
      }),
    ],
  ],
  ['collection_updated', ['Collection Updated', collectionContext]],
  [
    'ai_inline_requested',
    [
      'AI Inline Requested',
      (data) => ({ tool_name: read(data, 'tool_name'), type: read(data, 'type'), initial_text: read(data, 'initial_text') }),
    ],
  ],
]);

/** The events handler. */
export function blocksuiteDesignLibraryEventsHandlers(
  deps: DesignLibraryDeps,
): Handlers<typeof blocksuiteDesignLibraryEventsRoutes, BlocksuiteDesignLibraryStorage> {
  return {
    async handleEvent(request, context, storage) {
      const label = request.params.event_label;
      const event = label === undefined ? undefined : EVENTS.get(label);
      if (event === undefined) return new RestResponse({ message: 'Event not handled.' }, 500);
      const [name, contextOf] = event;
      const eventContext = contextOf(request.params.event_data as JsonValue | undefined);
      sendEvent(deps, await storage.license(), context.site, name, eventContext);
      return { message: 'Event handled.' };
    },
  };
}
