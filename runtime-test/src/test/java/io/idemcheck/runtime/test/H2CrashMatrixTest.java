package io.idemcheck.runtime.test;

import io.idemcheck.runtime.test.support.Db;

/** The crash matrix on H2; skipped (or failed with IDEMCHECK_REQUIRE_DATABASES=1) when unreachable. */
class H2CrashMatrixTest extends AbstractCrashMatrixTest {
    @Override
    protected Db db() {
        return Db.H2;
    }
}
