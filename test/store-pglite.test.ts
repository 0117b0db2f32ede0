// The SiteStore contract on embedded PGlite: one database directory for the file, a fresh table
// prefix (so a fresh, empty store) for each test.
import { describeSqlStoreContract, pgliteDatabase } from './helpers/sql-backends.js';

describeSqlStoreContract('sqlStore on PGlite', pgliteDatabase());
