package io.idemcheck.runtime.test.support;

import io.idemcheck.runtime.support.TinyPool;
import io.idemcheck.runtime.Dialect;
import org.h2.tools.Server;

import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * The three databases of the crash matrix, reachable from several JVMs. Settings as in the runtime's tests
 * (IDEMCHECK_PG_URL / _USER / _PASSWORD, IDEMCHECK_MARIADB_URL / _USER / _PASSWORD, IDEMCHECK_REQUIRE_DATABASES).
 * H2 runs as a TCP server started inside the test JVM (children connect over TCP, so killing a child never takes
 * the database down with it).
 */
public enum Db {
    POSTGRESQL("PG", "jdbc:postgresql://127.0.0.1:5432/test?connectTimeout=3", "postgres", "", Dialect.POSTGRESQL),
    MARIADB("MARIADB", "jdbc:mariadb://127.0.0.1:3306/test?connectTimeout=3000", "root", "", Dialect.MYSQL),
    H2("H2", null, "sa", "", Dialect.H2);

    private static final String RUN = UUID.randomUUID().toString().replace("-", "").substring(0, 6);
    private static final AtomicInteger SEQ = new AtomicInteger();
    private static volatile String h2Url;

    private final String envPrefix;
    private final String defaultUrl;
    private final String defaultUser;
    private final String defaultPassword;
    private final Dialect dialect;

    Db(String envPrefix, String url, String user, String password, Dialect dialect) {
        this.envPrefix = envPrefix;
        this.defaultUrl = url;
        this.defaultUser = user;
        this.defaultPassword = password;
        this.dialect = dialect;
    }

    public String url() {
        if (this == H2) {
            return h2Url();
        }
        return env("URL", defaultUrl);
    }

    public String user() {
        return this == H2 ? defaultUser : env("USER", defaultUser);
    }

    public String password() {
        return this == H2 ? defaultPassword : env("PASSWORD", defaultPassword);
    }

    public Dialect dialect() {
        return dialect;
    }

    private String env(String suffix, String def) {
        String v = System.getenv("IDEMCHECK_" + envPrefix + "_" + suffix);
        return v == null || v.isEmpty() ? def : v;
    }

    private static synchronized String h2Url() {
        if (h2Url == null) {
            try {
                Path dir = Files.createTempDirectory("idemcheck-h2-");
                int port;
                try (ServerSocket s = new ServerSocket(0)) {
                    port = s.getLocalPort();
                }
                Server server = Server.createTcpServer("-tcpPort", String.valueOf(port), "-ifNotExists",
                        "-baseDir", dir.toString()).start();
                Runtime.getRuntime().addShutdownHook(new Thread(server::stop));
                h2Url = "jdbc:h2:tcp://127.0.0.1:" + port + "/matrix;LOCK_TIMEOUT=20000";
            } catch (IOException | SQLException e) {
                throw new IllegalStateException("cannot start the H2 TCP server", e);
            }
        }
        return h2Url;
    }

    /** @return null if reachable, otherwise the reason */
    public String unreachableReason() {
        try (Connection c = DriverManager.getConnection(url(), user(), password())) {
            c.isValid(3);
            return null;
        } catch (SQLException | RuntimeException e) {
            return name() + " not reachable at " + url() + " as " + user() + ": " + e.getMessage();
        }
    }

    public static boolean databasesRequired() {
        return "1".equals(System.getenv("IDEMCHECK_REQUIRE_DATABASES"));
    }

    public TinyPool newPool() {
        return new TinyPool(url(), user(), password());
    }

    /** A unique table-name prefix for one test. */
    public static String uniquePrefix() {
        return "km" + RUN + "_" + SEQ.incrementAndGet() + "_";
    }

    /** Loads a DDL resource shipped in the runtime jar, renames idem_task / idem_ledger, splits statements. */
    public List<String> ddl(String file, String taskTable, String ledgerTable) {
        String path = "/io/idemcheck/runtime/ddl/" + dialect.name().toLowerCase(Locale.ROOT) + "/" + file;
        String text;
        try (InputStream in = Db.class.getResourceAsStream(path)) {
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

    public static void execute(Connection c, List<String> statements) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }

    public String displayName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
