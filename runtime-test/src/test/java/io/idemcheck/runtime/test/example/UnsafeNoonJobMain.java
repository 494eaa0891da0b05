package io.idemcheck.runtime.test.example;

import io.idemcheck.runtime.CrashPoints;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;

/** The example of docs/runtime-test.md: the samples/noon-batch job shape (select PENDING, charge, record DONE). */
public final class UnsafeNoonJobMain {
    public static void main(String[] args) throws Exception {
        try (Connection c = DriverManager.getConnection(args[0], "sa", "")) {
            List<Long> ids = new ArrayList<>();
            try (ResultSet rs = c.createStatement().executeQuery(
                    "SELECT id FROM settlement_task WHERE status = 'PENDING' ORDER BY id")) {
                while (rs.next()) ids.add(rs.getLong(1));
            }
            for (long id : ids) {
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO gateway_charge (task_id) VALUES (?)")) {
                    ps.setLong(1, id);
                    ps.executeUpdate();                              // the charge (auto-commit: it happened)
                }
                CrashPoints.hit("after-charge");                     // the unsafe window
                try (PreparedStatement ps = c.prepareStatement("UPDATE settlement_task SET status = 'DONE' WHERE id = ?")) {
                    ps.setLong(1, id);
                    ps.executeUpdate();
                }
            }
        }
    }
}
