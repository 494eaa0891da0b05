package io.idemcheck.runtime;

import io.idemcheck.runtime.support.TestDatabase;

/** Runs {@link AbstractRuntimeTest} against H2; skipped (or failed with IDEMCHECK_REQUIRE_DATABASES=1) when unreachable. */
class H2RuntimeTest extends AbstractRuntimeTest {
    @Override
    protected TestDatabase db() {
        return TestDatabase.H2;
    }
}
