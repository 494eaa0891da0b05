package io.idemcheck.rules;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.stream.Stream;

class LockInsteadOfIdempotencyTest {

    @TestFactory
    Stream<DynamicTest> markedCases() {
        return RuleCases.of(new LockInsteadOfIdempotency());
    }
}
