package io.idemcheck.runtime;

import io.idemcheck.runtime.support.TestDatabase;

/** Runs {@link AbstractRuntimeTest} against MARIADB; skipped (or failed with IDEMCHECK_REQUIRE_DATABASES=1) when unreachable. */
class MariaDbRuntimeTest extends AbstractRuntimeTest {
    @Override
    protected TestDatabase db() {
        return TestDatabase.MARIADB;
    }
}
