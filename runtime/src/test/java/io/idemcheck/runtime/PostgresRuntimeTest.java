package io.idemcheck.runtime;

import io.idemcheck.runtime.support.TestDatabase;

/** Runs {@link AbstractRuntimeTest} against POSTGRESQL; skipped (or failed with IDEMCHECK_REQUIRE_DATABASES=1) when unreachable. */
class PostgresRuntimeTest extends AbstractRuntimeTest {
    @Override
    protected TestDatabase db() {
        return TestDatabase.POSTGRESQL;
    }
}
