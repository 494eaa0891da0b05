package io.idemcheck.runtime.support;

import io.idemcheck.runtime.Dialect;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The three databases the runtime is tested against. Connection settings come from environment variables
 * (IDEMCHECK_PG_URL / _USER / _PASSWORD, IDEMCHECK_MARIADB_URL / _USER / _PASSWORD) with local defaults.
 */
public enum TestDatabase {
    POSTGRESQL("PG", "jdbc:postgresql://127.0.0.1:5432/test?connectTimeout=3", "postgres", "", Dialect.POSTGRESQL),
    MARIADB("MARIADB", "jdbc:mariadb://127.0.0.1:3306/test?connectTimeout=3000", "root", "", Dialect.MYSQL),
    H2("H2", "jdbc:h2:mem:idemcheck_" + UUID.randomUUID().toString().substring(0, 8)
            + ";DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=20000", "sa", "", Dialect.H2);

    private static final String RUN = UUID.randomUUID().toString().replace("-", "").substring(0, 6);
    private static final AtomicInteger SEQ = new AtomicInteger();

    private final String envPrefix;
    private final String defaultUrl;
    private final String defaultUser;
    private final String defaultPassword;
    private final Dialect dialect;

    TestDatabase(String envPrefix, String url, String user, String password, Dialect dialect) {
        this.envPrefix = envPrefix;
        this.defaultUrl = url;
        this.defaultUser = user;
        this.defaultPassword = password;
        this.dialect = dialect;
    }

    public String url() {
        return env("URL", defaultUrl);
    }

    public String user() {
        return env("USER", defaultUser);
    }

    public String password() {
        return env("PASSWORD", defaultPassword);
    }

    public Dialect dialect() {
        return dialect;
    }

    private String env(String suffix, String def) {
        String v = System.getenv("IDEMCHECK_" + envPrefix + "_" + suffix);
        return v == null || v.isEmpty() ? def : v;
    }

    /** @return null if reachable, otherwise the reason */
    public String unreachableReason() {
        try (Connection c = DriverManager.getConnection(url(), user(), password())) {
            c.isValid(3);
            return null;
        } catch (SQLException e) {
            return name() + " not reachable at " + url() + " as " + user() + ": " + e.getMessage();
        }
    }

    public static boolean databasesRequired() {
        return "1".equals(System.getenv("IDEMCHECK_REQUIRE_DATABASES"));
    }

    public TinyPool newPool() {
        return new TinyPool(url(), user(), password());
    }

    /** A unique table-name prefix for one test (per run, per test). */
    public static String uniquePrefix() {
        return "it" + RUN + "_" + SEQ.incrementAndGet() + "_";
    }

    /** Loads a shipped DDL resource, renames idem_task / idem_ledger, splits into statements. */
    public List<String> ddl(String file, String taskTable, String ledgerTable) {
        String path = "/io/idemcheck/runtime/ddl/" + dialect.name() + "/" + file;
        String text;
        try (InputStream in = TestDatabase.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("missing DDL resource " + path);
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        StringBuilder sb = new StringBuilder();
        for (String line : text.split("\n")) {
            int c = line.indexOf("--");
            sb.append(c >= 0 ? line.substring(0, c) : line).append('\n');
        }
        String body = sb.toString().replace("idem_task", taskTable).replace("idem_ledger", ledgerTable);
        List<String> out = new ArrayList<>();
        for (String s : body.split(";")) {
            if (!s.isBlank()) {
                out.add(s.trim());
            }
        }
        return out;
    }

    public void execute(Connection c, List<String> statements) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }

    public void dropTables(Connection c, String... tables) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String t : tables) {
                s.execute("DROP TABLE IF EXISTS " + t);
            }
        }
    }

    public String displayName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
