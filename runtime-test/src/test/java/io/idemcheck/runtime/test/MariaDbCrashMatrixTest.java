package io.idemcheck.runtime.test;

import io.idemcheck.runtime.test.support.Db;

/** The crash matrix on MARIADB; skipped (or failed with IDEMCHECK_REQUIRE_DATABASES=1) when unreachable. */
class MariaDbCrashMatrixTest extends AbstractCrashMatrixTest {
    @Override
    protected Db db() {
        return Db.MARIADB;
    }
}
