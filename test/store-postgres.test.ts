// The SiteStore contract on a PostgreSQL server, when SITE_REST_TEST_DATABASE_URL names one
// (scripts/test-postgres.sh starts a throwaway server and sets it): one pool for the file, a fresh
// table prefix (so a fresh, empty store) for each test, every table dropped at the end.
import { describe, it } from 'vitest';
import { TEST_DATABASE_URL, describeSqlStoreContract, postgresDatabase } from './helpers/sql-backends.js';

if (TEST_DATABASE_URL === undefined) {
  describe('SiteStore contract: sqlStore on PostgreSQL', () => {
    it.skip('needs SITE_REST_TEST_DATABASE_URL (run: scripts/test-postgres.sh npx vitest run test/store-postgres.test.ts)', () => {});
  });
} else {
  describeSqlStoreContract('sqlStore on PostgreSQL', postgresDatabase(TEST_DATABASE_URL));
}
