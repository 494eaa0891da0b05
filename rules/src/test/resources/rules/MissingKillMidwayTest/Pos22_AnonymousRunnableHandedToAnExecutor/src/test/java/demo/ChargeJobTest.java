package demo;

import org.junit.jupiter.api.Test;

class ChargeJobTest {

    @Test
    void chargesEveryPendingTask() {
        new ChargeJob(null, null, null).chargeAll();
    }
}
