package demo;

import io.idemcheck.runtime.Reconciler;
import org.junit.jupiter.api.Test;

class ReconcileTest {
    Reconciler reconciler;

    @Test
    void clean() {
        reconciler.check();
    }
}
