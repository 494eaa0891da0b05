package io.idemcheck.runtime.test;

import io.idemcheck.runtime.test.support.Db;

/** The crash matrix on POSTGRESQL; skipped (or failed with IDEMCHECK_REQUIRE_DATABASES=1) when unreachable. */
class PostgresCrashMatrixTest extends AbstractCrashMatrixTest {
    @Override
    protected Db db() {
        return Db.POSTGRESQL;
    }
}
