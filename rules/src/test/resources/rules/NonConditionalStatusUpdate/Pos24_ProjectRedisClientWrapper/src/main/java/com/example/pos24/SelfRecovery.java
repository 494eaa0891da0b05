package com.example.pos24;

import java.util.List;

public class SelfRecovery {

    private TransactionRepository repository;

    public void run(List<GlobalTransaction> stuck) {
        for (GlobalTransaction tx : stuck) {
            if (repository.lockTransaction(tx)) {
                retry(tx);
            }
        }
    }

    private void retry(GlobalTransaction tx) {
    }
}
