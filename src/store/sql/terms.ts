import { StoreError } from '../errors.js';
import { checkTermChanges, newTerm } from '../rows.js';
import { firstFreeSlug } from '../slug.js';
import type { ObjectTerm, TermRow, TermsTable } from '../types.js';
import { checkInteger, checkText, lookupId } from '../values.js';
import type { TableContext } from './context.js';
import { ids, parameters, slugStem, texts, uniqueWrite } from './statements.js';

const TERM_SELECT = `t.term_id, t.name, t.slug, t.taxonomy, tt.description, tt.parent, tt.count`;
/** The terms of the prefix `p` with their taxonomy rows. */
const termFrom = (p: string): string => `${p}terms t JOIN ${p}term_taxonomy tt ON tt.term_id = t.term_id`;

/** Removes relationships of an object (all, or to one term), keeping the terms' counts. */
export async function unrelate({ p, q }: TableContext, objectId: number | null, termId: number | null): Promise<void> {
  const params = parameters();
  const where = [
    objectId === null ? 'true' : `object_id = ${params.add(objectId)}`,
    termId === null ? 'true' : `term_taxonomy_id = ${params.add(termId)}`,
  ].join(' AND ');
  await q.query(
    `WITH gone AS (DELETE FROM ${p}term_relationships WHERE ${where} RETURNING term_taxonomy_id)
         UPDATE ${p}term_taxonomy tt SET count = tt.count - g.n
         FROM (SELECT term_taxonomy_id, count(*) AS n FROM gone GROUP BY term_taxonomy_id) g
         WHERE tt.term_taxonomy_id = g.term_taxonomy_id`,
    params.values,
  );
}

async function getTerm({ p, cached }: TableContext, id: number): Promise<TermRow | null> {
  const [row] = await cached.query<TermRow>(`SELECT ${TERM_SELECT} FROM ${termFrom(p)} WHERE t.term_id = $1`, [lookupId(id, 'term id')]);
  return row ?? null;
}

async function termSlugsTaken({ p, q }: TableContext, taxonomy: string, slug: string): Promise<Set<string>> {
  const rows = await q.query<{ slug: string }>(`SELECT slug FROM ${p}terms WHERE taxonomy = $1 AND starts_with(slug, $2)`, [
    taxonomy,
    slugStem(slug),
  ]);
  return new Set(rows.map((row) => row.slug));
}

/** The SQL store's terms, their taxonomy and their relationships to objects. */
export function termsTable(ctx: TableContext): TermsTable {
  const { p, q, cached, atomic } = ctx;
  const TERM_FROM = termFrom(p);
  return {
    insert: (term) =>
      atomic(
        () => newTerm(term, 0),
        (t) => t.terms.insert(term),
        async () => {
          const row = newTerm(term, 0);
          const slug = firstFreeSlug(row.slug, await termSlugsTaken(ctx, row.taxonomy, row.slug), false);
          const [made] = await q.query<{ term_id: number }>(
            `INSERT INTO ${p}terms (name, slug, taxonomy) VALUES ($1, $2, $3) RETURNING term_id`,
            [row.name, slug, row.taxonomy],
          );
          const id = made?.term_id ?? 0;
          await q.query(
            `INSERT INTO ${p}term_taxonomy (term_taxonomy_id, term_id, taxonomy, description, parent) VALUES ($1, $1, $2, $3, $4)`,
            [id, row.taxonomy, row.description, row.parent],
          );
          return { ...row, term_id: id, slug };
        },
      ),
    update: (id, changes) =>
      atomic(
        () => [lookupId(id, 'term id'), checkTermChanges(changes)],
        (t) => t.terms.update(id, changes),
        async () => {
          const given = checkTermChanges(changes);
          const current = await getTerm(ctx, id);
          if (current === null) return null;
          const row = { ...current, ...given };
          await uniqueWrite(
            q,
            () =>
              q.query(`UPDATE ${p}terms SET name = $2, slug = $3, taxonomy = $4 WHERE term_id = $1`, [
                id,
                row.name,
                row.slug,
                row.taxonomy,
              ]),
            () => 'That slug is already taken in the taxonomy.',
          );
          await q.query(`UPDATE ${p}term_taxonomy SET taxonomy = $2, description = $3, parent = $4 WHERE term_id = $1`, [
            id,
            row.taxonomy,
            row.description,
            row.parent,
          ]);
          return row;
        },
      ),
    get: (id) => getTerm(ctx, id),
    getBySlug: async (taxonomy, slug) => {
      const [row] = await cached.query<TermRow>(
        `SELECT ${TERM_SELECT} FROM ${TERM_FROM} WHERE t.taxonomy = $1 AND md5(t.slug) = md5($2) AND t.slug = $2`,
        [checkText(taxonomy, 'taxonomy'), checkText(slug, 'slug')],
      );
      return row ?? null;
    },
    list: (taxonomy) =>
      cached.query<TermRow>(`SELECT ${TERM_SELECT} FROM ${TERM_FROM} WHERE t.taxonomy = $1 ORDER BY t.name COLLATE "C", t.term_id`, [
        checkText(taxonomy, 'taxonomy'),
      ]),
    delete: (id) =>
      atomic(
        () => lookupId(id, 'term id'),
        (t) => t.terms.delete(id),
        async () => {
          const term = await getTerm(ctx, id);
          if (term === null) return false;
          await unrelate(ctx, null, id);
          // wp_delete_term hands the term's children to its parent.
          await q.query(`UPDATE ${p}term_taxonomy SET parent = $2 WHERE parent = $1`, [id, term.parent]);
          await q.query(`DELETE FROM ${p}terms WHERE term_id = $1`, [id]);
          await q.query(`DELETE FROM ${p}termmeta WHERE term_id = $1`, [id]);
          return true;
        },
      ),
    setObjectTerms: (objectId, taxonomy, termIds) =>
      atomic(
        () => [checkInteger(objectId, 'object id'), checkText(taxonomy, 'taxonomy'), ids(termIds, 'term id')],
        (t) => t.terms.setObjectTerms(objectId, taxonomy, termIds),
        async () => {
          checkInteger(objectId, 'object id');
          checkText(taxonomy, 'taxonomy');
          const wanted = [...new Set(ids(termIds, 'term id'))];
          const found = await q.query<{ term_id: number }>(
            `SELECT term_id FROM ${p}term_taxonomy WHERE term_id = ANY($1::bigint[]) AND taxonomy = $2`,
            [wanted, taxonomy],
          );
          const valid = new Set(found.map((row) => row.term_id));
          const stray = wanted.find((id) => !valid.has(id));
          if (stray !== undefined) throw new StoreError('invalid_value', `Term ${stray} is not a term of ${taxonomy}.`);
          const current = await q.query<{ id: number; taxonomy: string }>(
            `SELECT tr.term_taxonomy_id AS id, tt.taxonomy FROM ${p}term_relationships tr
             JOIN ${p}term_taxonomy tt ON tt.term_taxonomy_id = tr.term_taxonomy_id
             WHERE tr.object_id = $1 ORDER BY tr.term_order`,
            [objectId],
          );
          const others = current.filter((row) => row.taxonomy !== taxonomy).map((row) => row.id);
          const next = [...others, ...wanted];
          const before = new Set(current.map((row) => row.id));
          const after = new Set(next);
          const removed = [...before].filter((id) => !after.has(id));
          const added = [...after].filter((id) => !before.has(id));
          await q.query(`DELETE FROM ${p}term_relationships WHERE object_id = $1`, [objectId]);
          await q.query(
            `INSERT INTO ${p}term_relationships (object_id, term_taxonomy_id, term_order)
             SELECT $1, id, ord::int - 1 FROM unnest($2::bigint[]) WITH ORDINALITY AS u(id, ord)`,
            [objectId, next],
          );
          await q.query(
            `UPDATE ${p}term_taxonomy SET count = count + CASE WHEN term_taxonomy_id = ANY($1::bigint[]) THEN 1 ELSE -1 END
             WHERE term_taxonomy_id = ANY($1::bigint[]) OR term_taxonomy_id = ANY($2::bigint[])`,
            [added, removed],
          );
        },
      ),
    getObjectTerms: async (objectIds, taxonomies) => {
      const wanted = [...new Set(ids(objectIds, 'object id'))];
      if (wanted.length === 0) return [];
      const taxonomyList = taxonomies === undefined ? null : texts(taxonomies, 'taxonomy');
      const rows = await cached.query<TermRow & { object_id: number }>(
        `SELECT tr.object_id, ${TERM_SELECT} FROM ${p}term_relationships tr
           JOIN ${TERM_FROM} ON tt.term_taxonomy_id = tr.term_taxonomy_id
           WHERE tr.object_id = ANY($1::bigint[]) AND ($2::text[] IS NULL OR tt.taxonomy = ANY($2::text[]))
           ORDER BY array_position($1::bigint[], tr.object_id), tr.term_order`,
        [wanted, taxonomyList],
      );
      return rows.map(({ object_id, ...term }): ObjectTerm => ({ object_id, term }));
    },
  };
}
