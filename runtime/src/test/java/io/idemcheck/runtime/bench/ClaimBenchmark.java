package io.idemcheck.runtime.bench;

import io.idemcheck.runtime.Claim;
import io.idemcheck.runtime.IdempotencyKeys;
import io.idemcheck.runtime.IdempotencyLedger;
import io.idemcheck.runtime.LedgerTable;
import io.idemcheck.runtime.Outcome;
import io.idemcheck.runtime.TaskClaimer;
import io.idemcheck.runtime.TaskTable;
import io.idemcheck.runtime.support.CountingDataSource;
import io.idemcheck.runtime.support.TestDatabase;
import io.idemcheck.runtime.support.TinyPool;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Claim throughput benchmark (not a test). For each reachable database it runs two workloads over N tasks with T
 * threads sharing one pool: "claim+complete" and "claim+ledger.runOnce+complete", and prints tasks per second and
 * database round trips per task (statements executed + explicit commits/rollbacks, counted by a wrapping
 * DataSource).
 *
 * <p>Usage: {@code ClaimBenchmark [tasks=2000] [threads=4] [databases=postgresql,mariadb,h2]}; or
 * {@code runtime/bench/run-claim-benchmark.sh}.
 */
public final class ClaimBenchmark {

    public static void main(String[] args) throws Exception {
        int tasks = 2000;
        int threads = 4;
        String dbs = "postgresql,mariadb,h2";
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            String key = eq < 0 ? arg : arg.substring(0, eq);
            String value = eq < 0 ? "" : arg.substring(eq + 1);
            if (eq < 0 || value.isEmpty() || !(key.equals("tasks") || key.equals("threads") || key.equals("databases"))) {
                refuse("unknown argument '" + arg + "' (expected key=value, keys tasks threads databases)");
            }
            if (!seen.add(key)) {
                refuse("repeated argument '" + arg + "': " + key + " given twice");
            }
            if (key.equals("tasks")) {
                tasks = whole(key, value, 1, 10_000_000);
            } else if (key.equals("threads")) {
                threads = whole(key, value, 1, 256);
            } else {
                java.util.Set<String> items = new java.util.HashSet<>();
                for (String item : value.split(",", -1)) {
                    if (!(item.equals("postgresql") || item.equals("mariadb") || item.equals("h2")) || !items.add(item)) {
                        refuse("bad value '" + item + "' for databases: expected a comma-separated list of"
                                + " postgresql,mariadb,h2, each at most once");
                    }
                }
                dbs = value;
            }
        }
        System.out.printf(Locale.ROOT, "idemcheck claim benchmark: %d tasks, %d threads, one pool per database%n", tasks, threads);
        System.out.printf(Locale.ROOT, "%-11s %-34s %12s %16s%n", "database", "workload", "tasks/s", "round trips/task");
        for (String name : dbs.split(",")) {
            TestDatabase db = TestDatabase.valueOf(name.trim().toUpperCase(Locale.ROOT));
            String reason = db.unreachableReason();
            if (reason != null) {
                System.out.printf(Locale.ROOT, "%-11s SKIPPED: %s%n", db.displayName(), reason);
                continue;
            }
            run(db, tasks, threads, false);
            run(db, tasks, threads, true);
        }
    }

    private static void refuse(String message) {
        System.err.println("ClaimBenchmark: " + message);
        System.exit(2);
    }

    private static int whole(String key, String value, int min, int max) {
        if (value.matches("[0-9]{1,9}")) {
            int v = Integer.parseInt(value);
            if (v >= min && v <= max) {
                return v;
            }
        }
        refuse("bad value '" + value + "' for " + key + ": expected a whole number from " + min + " to " + max);
        return -1;
    }

    private static void run(TestDatabase db, int n, int threads, boolean withLedger) throws Exception {
        String prefix = TestDatabase.uniquePrefix() + "bench_";
        String taskTable = prefix + "task";
        String ledgerTable = prefix + "ledger";
        try (TinyPool pool = db.newPool()) {
            try (Connection c = pool.getConnection()) {
                db.execute(c, db.ddl("task_table_example.sql", taskTable, ledgerTable));
                db.execute(c, db.ddl("idempotency_ledger.sql", taskTable, ledgerTable));
                c.setAutoCommit(false);
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + taskTable + " (id) VALUES (?)")) {
                    for (long id = 1; id <= n; id++) {
                        ps.setLong(1, id);
                        ps.addBatch();
                    }
                    ps.executeBatch();
                }
                c.commit();
                c.setAutoCommit(true);
            }
            try {
                CountingDataSource counting = new CountingDataSource(pool);
                TaskTable tasks = TaskTable.defaults(taskTable);
                TaskClaimer claimer = new TaskClaimer(counting, tasks, db.dialect());
                IdempotencyLedger ledger = IdempotencyLedger.builder(counting).table(LedgerTable.named(ledgerTable))
                        .dialect(db.dialect()).build();
                AtomicLong done = new AtomicLong();
                counting.reset();
                ExecutorService ex = Executors.newFixedThreadPool(threads);
                long t0 = System.nanoTime();
                List<Future<?>> fs = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    final int slice = t;
                    fs.add(ex.submit(() -> {
                        for (long id = 1 + slice; id <= n; id += threads) {
                            Claim c = claimer.claim(id, "bench-" + slice).orElseThrow();
                            if (withLedger) {
                                ledger.runOnce(IdempotencyKeys.of("bench", id), "fp", id, k -> "ok");
                            }
                            if (claimer.complete(c) == Outcome.OK) {
                                done.incrementAndGet();
                            }
                        }
                        return null;
                    }));
                }
                for (Future<?> f : fs) {
                    f.get();
                }
                long nanos = System.nanoTime() - t0;
                ex.shutdown();
                if (done.get() != n) {
                    throw new IllegalStateException("completed " + done.get() + " of " + n);
                }
                System.out.printf(Locale.ROOT, "%-11s %-34s %12.0f %16.2f%n", db.displayName(),
                        withLedger ? "claim+ledger.runOnce+complete" : "claim+complete",
                        n / (nanos / 1e9), counting.roundTrips() / (double) n);
            } finally {
                try (Connection c = pool.getConnection()) {
                    db.dropTables(c, taskTable, ledgerTable);
                }
            }
        }
    }
}
