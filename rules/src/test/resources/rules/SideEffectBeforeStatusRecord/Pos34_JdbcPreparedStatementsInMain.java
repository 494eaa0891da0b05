// A plain JDBC batch started by cron (a main method): each task's charge row is inserted with auto-commit before the
// task is marked DONE in a second statement; a kill between the two makes the restart insert the charge again.
package com.example.pos34;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;

public class ChargeBatch {

    public static void main(String[] args) throws Exception {
        try (Connection c = DriverManager.getConnection(args[0])) {
            List<Long> ids = new ArrayList<>();
            try (PreparedStatement q = c.prepareStatement("SELECT id FROM charge_task WHERE status = 'PENDING'");
                 ResultSet rs = q.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getLong(1));
                }
            }
            for (long id : ids) {
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO charge (task_id) VALUES (?)")) {
                    ps.setLong(1, id);
                    ps.executeUpdate(); // expect: IDEM001 "inserts the row into charge again"
                }
                try (PreparedStatement ps = c.prepareStatement("UPDATE charge_task SET status = 'DONE' WHERE id = ?")) {
                    ps.setLong(1, id);
                    ps.executeUpdate();
                }
            }
        }
    }
}
