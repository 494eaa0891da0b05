package io.idemcheck.runtime;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Says what is missing when a {@code SELECT <columns> FROM t WHERE 1 = 0} check failed: the table, or which columns. */
final class TableCheck {
    private TableCheck() {
    }

    /**
     * Probes, each in its own auto-committed statement reading no row: {@code SELECT 1 FROM t WHERE 1 = 0}, then
     * {@code SELECT <column> FROM t WHERE 1 = 0} for each column.
     *
     * @param c       an open connection (switched to auto-commit)
     * @param table   the table
     * @param columns the columns the caller needs
     * @return the missing columns (empty: every column reads, so the failure was something else), or {@code null} if
     *         the table itself cannot be read (it does not exist, or this user may not read it)
     */
    static List<String> missingColumns(Connection c, String table, List<String> columns) {
        try {
            if (!c.getAutoCommit()) {
                c.rollback();
                c.setAutoCommit(true);
            }
        } catch (SQLException e) {
            return new ArrayList<>();
        }
        if (!reads(c, "SELECT 1 FROM " + table + " WHERE 1 = 0")) {
            return null;
        }
        List<String> missing = new ArrayList<>();
        for (String col : columns) {
            if (!reads(c, "SELECT " + col + " FROM " + table + " WHERE 1 = 0")) {
                missing.add(col);
            }
        }
        return missing;
    }

    private static boolean reads(Connection c, String sql) {
        try (Statement st = c.createStatement()) {
            st.executeQuery(sql).close();
            return true;
        } catch (SQLException e) {
            return false;
        }
    }
}
