package demo;

import io.idemcheck.runtime.Reconciler;

class ReconcileJob {
    Reconciler reconciler;

    void run() {
        reconciler.check();
    }
}
