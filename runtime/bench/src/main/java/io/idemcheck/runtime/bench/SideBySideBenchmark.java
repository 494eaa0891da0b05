package io.idemcheck.runtime.bench;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerBuilder;
import com.github.kagkarlsson.scheduler.SchedulerName;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import io.idemcheck.runtime.Claim;
import io.idemcheck.runtime.Dialect;
import io.idemcheck.runtime.Outcome;
import io.idemcheck.runtime.TaskClaimer;
import io.idemcheck.runtime.TaskTable;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Side-by-side benchmark, one run: the same number of no-op tasks executed against the same database by
 * <ul>
 * <li>{@code single}: today's single-row claim, {@code claim(id)} + {@code complete(claim)} per task, threads on
 *     disjoint id slices (the candidate selection is free: the most favourable case for it);</li>
 * <li>{@code batch}: {@code claimBatch(owner, batch)} + {@code completeBatch(claims)} until nothing is claimable;</li>
 * <li>{@code db-scheduler}: one-time tasks with a no-op handler, scheduled before the run; lock-and-fetch polling on
 *     PostgreSQL, fetch-and-lock-on-execute on MariaDB (its only strategy there), up to {@code batch} executions per
 *     fetch.</li>
 * </ul>
 * Every configuration runs in 1 or 2 fresh child JVMs x N threads; the child JVMs connect and warm their pools,
 * report READY, and start on GO. The coordinator measures the wall time from GO until a query sees no task left,
 * then collects round trips (statements + commits/rollbacks, counted by {@link Metered}) and claim latencies.
 * Claim latency: for ours the whole {@code claim}/{@code claimBatch} call (connection from the pool, statements,
 * commit); for db-scheduler the execution of its pick statements only (its lock-and-fetch UPDATE, or the per-row
 * {@code UPDATE ... SET picked = ?}), which favours db-scheduler.
 *
 * <p>Usage: {@code SideBySideBenchmark [tasks=10000] [threads=4] [batch=100] [jvms=1,2]
 * [databases=postgresql,mariadb] [systems=single,batch,db-scheduler]}; see runtime/bench/run-side-by-side.sh.
 */
public final class SideBySideBenchmark {

    enum Db {
        POSTGRESQL("PG", "jdbc:postgresql://127.0.0.1:5432/test", "postgres", Dialect.POSTGRESQL),
        MARIADB("MARIADB", "jdbc:mariadb://127.0.0.1:3306/test", "root", Dialect.MYSQL);

        final String env;
        final String defaultUrl;
        final String defaultUser;
        final Dialect dialect;

        Db(String env, String url, String user, Dialect dialect) {
            this.env = env;
            this.defaultUrl = url;
            this.defaultUser = user;
            this.dialect = dialect;
        }

        String url() {
            return envOr("URL", defaultUrl);
        }

        String user() {
            return envOr("USER", defaultUser);
        }

        String password() {
            return envOr("PASSWORD", "");
        }

        private String envOr(String suffix, String def) {
            String v = System.getenv("IDEMCHECK_" + env + "_" + suffix);
            return v == null || v.isEmpty() ? def : v;
        }
    }

    static final String TASKS = "bench_idem_task";
    static final String SCHEDULED = "bench_scheduled_tasks";

    /**
     * Runs the benchmark and prints one table row per database x JVM count x system, then the whole table.
     *
     * @param args {@code key=value} options (see the class comment); {@code role=worker} is the child JVM's mode
     * @throws Exception when a database is unreachable mid-run, a child JVM fails, or a system does not execute
     *                   exactly {@code tasks} tasks (an {@link IllegalStateException} naming the system)
     */
    public static void main(String[] args) throws Exception {
        if (args.length == 1 && (args[0].equals("--help") || args[0].equals("-h"))) {
            System.out.println("usage: SideBySideBenchmark [tasks=N] [threads=N] [batch=N] [jvms=1,2]"
                    + " [databases=postgresql,mariadb] [systems=single,batch,db-scheduler]");
            return;
        }
        Map<String, String> a = parse(args);
        if ("worker".equals(a.get("role"))) {
            Worker.run(a);
            return;
        }
        String bad = firstUnknownArgument(args);
        if (bad != null) {
            System.err.println("SideBySideBenchmark: unknown argument '" + bad + "' (expected key=value, keys "
                    + String.join(" ", OPTIONS) + ")");
            System.exit(2);
        }
        String badValue = firstRepeatedKey(args);
        if (badValue == null) {
            badValue = firstBadValue(a);
        }
        if (badValue != null) {
            System.err.println("SideBySideBenchmark: " + badValue);
            System.exit(2);
        }
        int tasks = Integer.parseInt(a.getOrDefault("tasks", "10000"));
        int threads = Integer.parseInt(a.getOrDefault("threads", "4"));
        int batch = Integer.parseInt(a.getOrDefault("batch", "100"));
        String[] jvms = a.getOrDefault("jvms", "1,2").split(",");
        String[] dbs = a.getOrDefault("databases", "postgresql,mariadb").split(",");
        String[] systems = a.getOrDefault("systems", "single,batch,db-scheduler").split(",");
        System.out.printf(Locale.ROOT, "side-by-side: %d no-op tasks per run, %d threads per JVM, batch %d, %s%n", tasks,
                threads, batch, System.getProperty("java.version"));
        List<String> rows = new ArrayList<>();
        rows.add(String.format(Locale.ROOT, "| %-10s | %-4s | %-48s | %8s | %16s | %15s |", "database", "JVMs",
                "system", "tasks/s", "round trips/task", "p99 claim (ms)"));
        rows.add("|------------|------|--------------------------------------------------|----------|------------------|-----------------|");
        List<Db> reachable = new ArrayList<>();
        for (String dbName : dbs) {
            Db db = Db.valueOf(dbName.toUpperCase(Locale.ROOT)); // checked by firstBadValue
            try (Connection c = DriverManager.getConnection(db.url(), db.user(), db.password())) {
                System.out.println(db + ": " + c.getMetaData().getDatabaseProductName() + " "
                        + c.getMetaData().getDatabaseProductVersion());
                reachable.add(db);
            } catch (SQLException e) {
                System.out.println(db + " SKIPPED: " + e.getMessage());
            }
        }
        // the header first, then each row as soon as it is measured; the whole table again at the end
        System.out.println();
        System.out.println(rows.get(0));
        System.out.println(rows.get(1));
        for (Db db : reachable) {
            for (String j : jvms) {
                for (String system : systems) {
                    Result r = runOne(db, system.trim(), Integer.parseInt(j.trim()), threads, tasks, batch, a);
                    String row = String.format(Locale.ROOT, "| %-10s | %4s | %-48s | %8.0f | %16.3f | %15.2f |",
                            db.name().toLowerCase(Locale.ROOT), j.trim(), r.label, r.tasksPerSecond,
                            r.roundTripsPerTask, r.p99Millis);
                    System.out.println(row);
                    rows.add(row);
                }
            }
        }
        System.out.println();
        rows.forEach(System.out::println);
    }

    static final class Result {
        String label;
        double tasksPerSecond;
        double roundTripsPerTask;
        double p99Millis;
    }

    static Result runOne(Db db, String system, int jvms, int threads, int tasks, int batch, Map<String, String> a)
            throws Exception {
        boolean scheduler = system.equals("db-scheduler");
        try (Connection c = DriverManager.getConnection(db.url(), db.user(), db.password())) {
            if (scheduler) {
                createSchedulerTable(c, db, tasks);
            } else {
                createTaskTable(c, db, tasks);
            }
        }
        List<Process> procs = new ArrayList<>();
        List<BlockingQueue<String>> outs = new ArrayList<>();
        List<PrintWriter> ins = new ArrayList<>();
        String java = System.getProperty("java.home") + "/bin/java";
        for (int i = 0; i < jvms; i++) {
            List<String> cmd = new ArrayList<>(List.of(java, "-Xmx256m", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                    "-cp", System.getProperty("java.class.path"), SideBySideBenchmark.class.getName(), "role=worker",
                    "db=" + db.name(), "system=" + system, "threads=" + threads, "batch=" + batch, "tasks=" + tasks,
                    "jvm=" + i, "jvms=" + jvms));
            Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            procs.add(p);
            BlockingQueue<String> q = new LinkedBlockingQueue<>();
            Thread reader = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = r.readLine()) != null) {
                        q.add(line);
                    }
                } catch (Exception ignored) {
                    // process ended
                }
                q.add("EOF");
            });
            reader.setDaemon(true);
            reader.start();
            outs.add(q);
            ins.add(new PrintWriter(p.getOutputStream(), true, StandardCharsets.UTF_8));
        }
        try {
            for (BlockingQueue<String> q : outs) {
                await(q, "READY");
            }
            long t0;
            long t1;
            try (Connection c = DriverManager.getConnection(db.url(), db.user(), db.password());
                 PreparedStatement left = c.prepareStatement(scheduler ? "SELECT COUNT(*) FROM " + SCHEDULED
                         : "SELECT COUNT(*) FROM " + TASKS + " WHERE status <> 'DONE'")) {
                t0 = System.nanoTime();
                for (PrintWriter in : ins) {
                    in.println("GO");
                }
                long deadline = t0 + TimeUnit.MINUTES.toNanos(10);
                while (true) {
                    Thread.sleep(5);
                    try (ResultSet rs = left.executeQuery()) {
                        rs.next();
                        if (rs.getLong(1) == 0) {
                            t1 = System.nanoTime();
                            break;
                        }
                    }
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException(system + " did not finish within 10 minutes");
                    }
                }
            }
            for (PrintWriter in : ins) {
                in.println("STOP");
            }
            long roundTrips = 0;
            long executed = 0;
            List<Long> lat = new ArrayList<>();
            String label = null;
            for (BlockingQueue<String> q : outs) {
                String line = await(q, "RESULT ");
                Map<String, String> r = parse(line.substring("RESULT ".length()).split(" "));
                roundTrips += Long.parseLong(r.get("roundTrips"));
                executed += Long.parseLong(r.get("executed"));
                label = r.get("label").replace('_', ' ');
                String l = r.getOrDefault("lat", "");
                for (String s : l.split(",")) {
                    if (!s.isEmpty()) {
                        lat.add(Long.parseLong(s));
                    }
                }
            }
            for (Process p : procs) {
                if (!p.waitFor(60, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    throw new IllegalStateException("worker did not exit");
                }
            }
            if (executed != tasks) {
                throw new IllegalStateException(system + " executed " + executed + " of " + tasks + " tasks");
            }
            if (!scheduler) {
                try (Connection c = DriverManager.getConnection(db.url(), db.user(), db.password());
                     Statement s = c.createStatement();
                     ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + TASKS + " WHERE status = 'DONE' AND attempts = 1")) {
                    rs.next();
                    if (rs.getLong(1) != tasks) {
                        throw new IllegalStateException(system + ": " + rs.getLong(1) + " of " + tasks
                                + " rows DONE on their first attempt");
                    }
                }
            }
            Collections.sort(lat);
            Result res = new Result();
            res.label = label;
            res.tasksPerSecond = tasks / ((t1 - t0) / 1e9);
            res.roundTripsPerTask = roundTrips / (double) tasks;
            res.p99Millis = lat.isEmpty() ? Double.NaN
                    : lat.get(Math.min(lat.size() - 1, (int) Math.ceil(lat.size() * 0.99) - 1)) / 1000.0;
            return res;
        } finally {
            for (Process p : procs) {
                p.destroyForcibly();
            }
        }
    }

    static String await(BlockingQueue<String> q, String prefix) throws InterruptedException {
        while (true) {
            String line = q.poll(120, TimeUnit.SECONDS);
            if (line == null || line.equals("EOF")) {
                throw new IllegalStateException("worker ended or timed out waiting for " + prefix);
            }
            if (line.startsWith(prefix)) {
                return line;
            }
        }
    }

    static void createTaskTable(Connection c, Db db, int n) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + TASKS);
            String ts = db == Db.POSTGRESQL ? "TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()"
                    : "DATETIME(3) NOT NULL DEFAULT (UTC_TIMESTAMP(3))";
            s.execute("CREATE TABLE " + TASKS + " (id BIGINT NOT NULL PRIMARY KEY, status VARCHAR(16) NOT NULL DEFAULT"
                    + " 'PENDING', owner VARCHAR(128), attempts INT NOT NULL DEFAULT 0, max_attempts INT NOT NULL DEFAULT 5,"
                    + " gmt_modified " + ts + ", last_error VARCHAR(1000), not_before "
                    + (db == Db.POSTGRESQL ? "TIMESTAMPTZ" : "DATETIME(3)") + " NULL)" + (db == Db.MARIADB ? " ENGINE=InnoDB" : ""));
            s.execute("CREATE INDEX " + TASKS + "_status_idx ON " + TASKS + " (status, gmt_modified)");
        }
        insertBatched(c, "INSERT INTO " + TASKS + " (id) VALUES (?)", n, (ps, i) -> ps.setLong(1, i));
        analyze(c, db, TASKS);
    }

    static void createSchedulerTable(Connection c, Db db, int n) throws SQLException {
        // db-scheduler's own DDL (README / src/test/resources/{postgresql,mariadb}_tables.sql)
        try (Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + SCHEDULED);
            if (db == Db.POSTGRESQL) {
                s.execute("CREATE TABLE " + SCHEDULED + " (task_name TEXT NOT NULL, task_instance TEXT NOT NULL,"
                        + " task_data BYTEA, execution_time TIMESTAMPTZ, picked BOOLEAN NOT NULL, picked_by TEXT,"
                        + " last_success TIMESTAMPTZ, last_failure TIMESTAMPTZ, consecutive_failures INT,"
                        + " last_heartbeat TIMESTAMPTZ, version BIGINT NOT NULL, priority SMALLINT, state TEXT,"
                        + " PRIMARY KEY (task_name, task_instance))");
                s.execute("CREATE INDEX " + SCHEDULED + "_execution_time_idx ON " + SCHEDULED + " (execution_time)");
                s.execute("CREATE INDEX " + SCHEDULED + "_last_heartbeat_idx ON " + SCHEDULED + " (last_heartbeat)");
                s.execute("CREATE INDEX " + SCHEDULED + "_priority_execution_time_idx ON " + SCHEDULED
                        + " (priority DESC, execution_time ASC)");
            } else {
                s.execute("CREATE TABLE " + SCHEDULED + " (task_name VARCHAR(100) NOT NULL, task_instance VARCHAR(100)"
                        + " NOT NULL, task_data BLOB, execution_time TIMESTAMP(6) NOT NULL, picked BOOLEAN NOT NULL,"
                        + " picked_by VARCHAR(50), last_success TIMESTAMP(6) NULL, last_failure TIMESTAMP(6) NULL,"
                        + " consecutive_failures INT, last_heartbeat TIMESTAMP(6) NULL, version BIGINT NOT NULL,"
                        + " priority SMALLINT, PRIMARY KEY (task_name, task_instance),"
                        + " INDEX execution_time_idx (execution_time), INDEX last_heartbeat_idx (last_heartbeat),"
                        + " INDEX priority_execution_time_idx (priority DESC, execution_time ASC)) ENGINE=InnoDB");
            }
        }
        String past = db == Db.POSTGRESQL ? "clock_timestamp() - INTERVAL '1 day'" : "NOW(6) - INTERVAL 1 DAY";
        insertBatched(c, "INSERT INTO " + SCHEDULED + " (task_name, task_instance, execution_time, picked, version,"
                + " consecutive_failures) VALUES ('noop', ?, " + past + ", FALSE, 1, 0)", n,
                (ps, i) -> ps.setString(1, "i" + i));
        analyze(c, db, SCHEDULED);
    }

    interface Binder {
        void bind(PreparedStatement ps, long i) throws SQLException;
    }

    static void insertBatched(Connection c, String sql, int n, Binder b) throws SQLException {
        c.setAutoCommit(false);
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (long i = 1; i <= n; i++) {
                b.bind(ps, i);
                ps.addBatch();
                if (i % 1000 == 0) {
                    ps.executeBatch();
                }
            }
            ps.executeBatch();
        }
        c.commit();
        c.setAutoCommit(true);
    }

    static void analyze(Connection c, Db db, String table) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute((db == Db.POSTGRESQL ? "ANALYZE " : "ANALYZE TABLE ") + table);
        }
    }

    /** The coordinator's options, in usage order. */
    static final List<String> OPTIONS = List.of("tasks", "threads", "batch", "jvms", "databases", "systems");

    /**
     * @param args the coordinator's arguments
     * @return the first argument that is not {@code key=value} with a key of {@link #OPTIONS}, or {@code null} when
     *         all are (an empty value is a bad value, see {@link #firstBadValue}, and a repeated key is refused there)
     */
    static String firstUnknownArgument(String[] args) {
        for (String s : args) {
            int i = s.indexOf('=');
            if (i <= 0 || !OPTIONS.contains(s.substring(0, i))) {
                return s;
            }
        }
        return null;
    }

    /**
     * @param args the coordinator's arguments
     * @return one line naming the first key given twice, or {@code null} when none is
     */
    static String firstRepeatedKey(String[] args) {
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (String s : args) {
            int i = s.indexOf('=');
            if (i > 0 && !seen.add(s.substring(0, i))) {
                return "repeated argument '" + s + "': " + s.substring(0, i) + " given twice";
            }
        }
        return null;
    }

    /**
     * The same checks as run-side-by-side.sh: tasks 1..10,000,000, threads 1..256, batch 1..10,000, jvms a list of
     * 1..8, databases from postgresql/mariadb, systems from single/batch/db-scheduler.
     *
     * @param a the parsed coordinator arguments
     * @return one line naming the first bad value, or {@code null} when all are good
     */
    static String firstBadValue(Map<String, String> a) {
        String[][] ranges = {{"tasks", "1", "10000000"}, {"threads", "1", "256"}, {"batch", "1", "10000"}};
        for (Map.Entry<String, String> e : a.entrySet()) {
            if (e.getValue().isEmpty()) {
                return "bad value '' for " + e.getKey() + ": empty";
            }
        }
        for (String[] r : ranges) {
            String v = a.get(r[0]);
            if (v != null && !(v.matches("[0-9]{1,9}") && Long.parseLong(v) >= Long.parseLong(r[1])
                    && Long.parseLong(v) <= Long.parseLong(r[2]))) {
                return "bad value '" + v + "' for " + r[0] + ": expected a whole number from " + r[1] + " to " + r[2];
            }
        }
        String[][] lists = {{"jvms", "1,2,3,4,5,6,7,8"}, {"databases", "postgresql,mariadb"},
                {"systems", "single,batch,db-scheduler"}};
        for (String[] l : lists) {
            String v = a.get(l[0]);
            if (v == null) {
                continue;
            }
            List<String> allowed = List.of(l[1].split(","));
            java.util.Set<String> seen = new java.util.HashSet<>();
            for (String item : v.split(",", -1)) {
                if (!allowed.contains(item)) {
                    return "bad value '" + (item.isEmpty() ? v : item) + "' for " + l[0]
                            + ": expected a comma-separated list of " + l[1];
                }
                if (!seen.add(item)) {
                    return "bad value '" + v + "' for " + l[0] + ": '" + item + "' is listed twice";
                }
            }
        }
        return null;
    }

    static Map<String, String> parse(String[] args) {
        Map<String, String> a = new HashMap<>();
        for (String s : args) {
            int i = s.indexOf('=');
            if (i > 0) {
                a.put(s.substring(0, i), s.substring(i + 1));
            }
        }
        return a;
    }

    /** One child JVM. */
    static final class Worker {
        static void run(Map<String, String> a) throws Exception {
            Db db = Db.valueOf(a.get("db"));
            String system = a.get("system");
            int threads = Integer.parseInt(a.get("threads"));
            int batch = Integer.parseInt(a.get("batch"));
            int tasks = Integer.parseInt(a.get("tasks"));
            int jvm = Integer.parseInt(a.get("jvm"));
            int jvms = Integer.parseInt(a.get("jvms"));
            BufferedReader stdin = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            AtomicLong executed = new AtomicLong();
            String label;
            try (Metered ds = new Metered(db.url(), db.user(), db.password(), sql ->
                    (sql.startsWith("update") && sql.contains("picked_by")) || sql.contains("skip locked"))) {
                ds.warm(threads + 2);
                if (system.equals("db-scheduler")) {
                    OneTimeTask<Void> noop = Tasks.oneTime("noop").execute((inst, ctx) -> executed.incrementAndGet());
                    SchedulerBuilder b = Scheduler.create(ds, noop).tableName(SCHEDULED).threads(threads)
                            .pollingInterval(Duration.ofMillis(50)).schedulerName(new SchedulerName.Fixed("bench-" + jvm));
                    double perThread = batch / (double) threads;
                    if (db == Db.POSTGRESQL) {
                        b.pollUsingLockAndFetch(0.5, perThread);
                        label = "db-scheduler 16.12.0 lock-and-fetch (<=" + batch + "/poll)";
                    } else {
                        b.pollUsingFetchAndLockOnExecute(0.5, perThread).alwaysPersistTimestampInUTC(); // as its warning asks
                        label = "db-scheduler 16.12.0 fetch (<=" + batch + "/poll)";
                    }
                    Scheduler s = b.build();
                    System.out.println("READY");
                    awaitLine(stdin, "GO");
                    ds.roundTrips.set(0);
                    s.start();
                    awaitLine(stdin, "STOP");
                    s.stop();
                } else {
                    TaskClaimer claimer = new TaskClaimer(ds, TaskTable.defaults(TASKS), db.dialect);
                    boolean single = system.equals("single");
                    label = single ? "idemcheck claim(id) + complete (today, baseline)"
                            : "idemcheck claimBatch(" + batch + ") + completeBatch";
                    List<Thread> ts = new ArrayList<>();
                    List<Throwable> errors = Collections.synchronizedList(new ArrayList<>());
                    for (int t = 0; t < threads; t++) {
                        final int slice = jvm * threads + t;
                        final int slices = jvms * threads;
                        final String owner = "bench-" + jvm + "-" + t;
                        ts.add(new Thread(() -> {
                            try {
                                if (single) {
                                    for (long id = 1 + slice; id <= tasks; id += slices) {
                                        long c0 = System.nanoTime();
                                        Optional<Claim> c = claimer.claim(id, owner);
                                        ds.recordMicros((System.nanoTime() - c0) / 1000);
                                        if (c.isPresent() && claimer.complete(c.get()) == Outcome.OK) {
                                            executed.incrementAndGet();
                                        }
                                    }
                                } else {
                                    while (true) {
                                        long c0 = System.nanoTime();
                                        List<Claim> claims = claimer.claimBatch(owner, batch);
                                        ds.recordMicros((System.nanoTime() - c0) / 1000);
                                        if (claims.isEmpty()) {
                                            return;
                                        }
                                        for (Outcome o : claimer.completeBatch(claims).values()) {
                                            if (o == Outcome.OK) {
                                                executed.incrementAndGet();
                                            }
                                        }
                                    }
                                }
                            } catch (Throwable e) {
                                errors.add(e);
                                e.printStackTrace();
                            }
                        }, owner));
                    }
                    claimer.dialect();
                    System.out.println("READY");
                    awaitLine(stdin, "GO");
                    ds.roundTrips.set(0);
                    synchronized (ds.timedMicros) {
                        ds.timedMicros.clear();
                    }
                    ts.forEach(Thread::start);
                    for (Thread t : ts) {
                        t.join();
                    }
                    awaitLine(stdin, "STOP");
                    if (!errors.isEmpty()) {
                        System.exit(1);
                    }
                }
                StringBuilder lat = new StringBuilder();
                synchronized (ds.timedMicros) {
                    for (Long l : ds.timedMicros) {
                        lat.append(lat.length() == 0 ? "" : ",").append(l);
                    }
                }
                System.out.println("RESULT label=" + label.replace(' ', '_') + " executed=" + executed.get()
                        + " roundTrips=" + ds.roundTrips.get() + " lat=" + lat);
                System.out.flush();
            }
            System.exit(0);
        }

        static void awaitLine(BufferedReader in, String expected) throws Exception {
            String line;
            while ((line = in.readLine()) != null) {
                if (line.trim().equals(expected)) {
                    return;
                }
            }
            throw new IllegalStateException("stdin closed before " + expected);
        }
    }
}
