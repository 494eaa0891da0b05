package io.idemcheck.runtime.test.example;

import io.idemcheck.runtime.test.KillMidwayRun;
import io.idemcheck.runtime.test.KillMidwayTest;
import io.idemcheck.runtime.test.KillMidwayVariables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The example of docs/runtime-test.md, kept compiling and passing. */
class UnsafeNoonJobTest {
    @TempDir Path dir;
    String url;
    Connection db;                                                   // keeps the file database served

    @BeforeEach
    void schema() throws SQLException {
        url = "jdbc:h2:file:" + dir.resolve("noon") + ";AUTO_SERVER=TRUE";
        db = DriverManager.getConnection(url, "sa", "");
        db.createStatement().execute("CREATE TABLE settlement_task (id BIGINT PRIMARY KEY, status VARCHAR(16) DEFAULT 'PENDING')");
        db.createStatement().execute("CREATE TABLE gateway_charge (task_id BIGINT NOT NULL)");
        db.createStatement().execute("INSERT INTO settlement_task (id) VALUES (1), (2)");
    }

    @AfterEach
    void close() throws SQLException { db.close(); }

    @KillMidwayVariables
    Map<String, String> vars() { return Map.of("url", url); }

    @KillMidwayTest(job = UnsafeNoonJobMain.class, crashPoint = "after-charge", args = "${url}")
    void restartChargesTheFirstUserTwice(KillMidwayRun run) throws SQLException {
        assertThat(run.crashExitCode()).isEqualTo(137);              // SIGKILLed at the point
        assertThat(run.restartExitCode()).isZero();
        ResultSet rs = db.createStatement().executeQuery("SELECT COUNT(*) FROM gateway_charge WHERE task_id = 1");
        rs.next();
        assertThat(rs.getInt(1)).isEqualTo(2);                       // the duplicate charge, caught by the test
    }
}
