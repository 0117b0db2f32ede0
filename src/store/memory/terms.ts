import { StoreError } from '../errors.js';
import { checkTermChanges, newTerm } from '../rows.js';
import { firstFreeSlug } from '../slug.js';
import type { ObjectTerm, TermsTable } from '../types.js';
import { checkInteger, checkText, lookupId } from '../values.js';
import { compareCodePoints } from './query.js';
import { nextId, put, remove, type MemoryState, type Run } from './state.js';

/** The term ids an object is related to, in order. */
export function termsOf(state: MemoryState, objectId: number): readonly number[] {
  return state.relationships.get(objectId) ?? [];
}

function countTerm(state: MemoryState, termId: number, by: number): void {
  const term = state.terms.get(termId);
  if (term) put(state, state.terms, termId, { ...term, count: term.count + by });
}

/** Relates an object to `next` terms (none: unrelates it), keeping the terms' counts. */
export function setRelationships(state: MemoryState, objectId: number, next: readonly number[]): void {
  const before = new Set(termsOf(state, objectId));
  const after = new Set(next);
  for (const id of before) if (!after.has(id)) countTerm(state, id, -1);
  for (const id of after) if (!before.has(id)) countTerm(state, id, 1);
  if (next.length === 0) remove(state, state.relationships, objectId);
  else put(state, state.relationships, objectId, next);
}

function termSlugsTaken(state: MemoryState, taxonomy: string, exceptId: number): Set<string> {
  const taken = new Set<string>();
  for (const term of state.terms.values()) if (term.taxonomy === taxonomy && term.term_id !== exceptId) taken.add(term.slug);
  return taken;
}

/** The memory store's terms, their taxonomy and their relationships to objects. */
export function termsTable(state: MemoryState, run: Run): TermsTable {
  const { terms, relationships } = state;
  return {
    insert: (term) =>
      run(() => {
        const row = newTerm(term, 0);
        const stored = {
          ...row,
          term_id: nextId(state, 'terms'),
          slug: firstFreeSlug(row.slug, termSlugsTaken(state, row.taxonomy, 0), false),
        };
        put(state, terms, stored.term_id, stored);
        return { ...stored };
      }),
    update: (id, changes) =>
      run(() => {
        const given = checkTermChanges(changes);
        const current = terms.get(lookupId(id, 'term id'));
        if (current === undefined) return null;
        const row = { ...current, ...given };
        if (termSlugsTaken(state, row.taxonomy, id).has(row.slug))
          throw new StoreError('conflict', 'That slug is already taken in the taxonomy.');
        put(state, terms, id, row);
        return { ...row };
      }),
    get: (id) =>
      run(() => {
        const term = terms.get(lookupId(id, 'term id'));
        return term === undefined ? null : { ...term };
      }),
    getBySlug: (taxonomy, slug) =>
      run(() => {
        checkText(taxonomy, 'taxonomy');
        checkText(slug, 'slug');
        for (const term of terms.values()) if (term.taxonomy === taxonomy && term.slug === slug) return { ...term };
        return null;
      }),
    list: (taxonomy) =>
      run(() => {
        checkText(taxonomy, 'taxonomy');
        return [...terms.values()]
          .filter((term) => term.taxonomy === taxonomy)
          .sort((a, b) => compareCodePoints(a.name, b.name) || a.term_id - b.term_id)
          .map((term) => ({ ...term }));
      }),
    delete: (id) =>
      run(() => {
        const term = terms.get(lookupId(id, 'term id'));
        if (term === undefined) return false;
        for (const [objectId, termIds] of [...relationships]) {
          if (termIds.includes(id))
            setRelationships(
              state,
              objectId,
              termIds.filter((other) => other !== id),
            );
        }
        // wp_delete_term hands the term's children to its parent.
        for (const child of [...terms.values()])
          if (child.parent === id) put(state, terms, child.term_id, { ...child, parent: term.parent });
        remove(state, terms, id);
        remove(state, state.termMeta, id);
        return true;
      }),
    setObjectTerms: (objectId, taxonomy, termIds) =>
      run(() => {
        checkInteger(objectId, 'object id');
        checkText(taxonomy, 'taxonomy');
        const wanted = [...new Set(termIds.map((id) => checkInteger(id, 'term id')))];
        for (const id of wanted) {
          if (terms.get(id)?.taxonomy !== taxonomy) throw new StoreError('invalid_value', `Term ${id} is not a term of ${taxonomy}.`);
        }
        const others = termsOf(state, objectId).filter((id) => terms.get(id)?.taxonomy !== taxonomy);
        setRelationships(state, objectId, [...others, ...wanted]);
      }),
    getObjectTerms: (objectIds, taxonomies) =>
      run(() => {
        const wanted = taxonomies === undefined ? undefined : new Set(taxonomies.map((taxonomy) => checkText(taxonomy, 'taxonomy')));
        const found: ObjectTerm[] = [];
        for (const objectId of new Set(objectIds.map((id) => checkInteger(id, 'object id')))) {
          for (const termId of termsOf(state, objectId)) {
            const term = terms.get(termId);
            if (term && (wanted === undefined || wanted.has(term.taxonomy))) found.push({ object_id: objectId, term: { ...term } });
          }
        }
        return found;
      }),
  };
}
