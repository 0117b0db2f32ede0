// Type tests: site-rest/store's declarations name no type of `pg` (whose types a host need not
// have), yet a node-postgres pool the host owns fits its `pool` option.
import pg from 'pg';
import { describe, expectTypeOf, it } from 'vitest';
import { postgresStore, type PgPool } from '../../src/store.js';

describe('postgresStore pool', () => {
  it('takes a pg.Pool', () => {
    expectTypeOf<pg.Pool>().toExtend<PgPool>();
    expectTypeOf(postgresStore).toBeCallableWith({ pool: new pg.Pool() });
  });
});
