package demo;

import org.junit.jupiter.api.Test;

class SomeTest {
    @Test
    void nothing() {
    }
}
