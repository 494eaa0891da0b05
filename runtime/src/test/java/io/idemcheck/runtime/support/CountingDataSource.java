package io.idemcheck.runtime.support;

import javax.sql.DataSource;
import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;

/**
 * Wraps a DataSource and counts database round trips: every execute/executeQuery/executeUpdate/executeBatch of a
 * statement, and every explicit commit/rollback.
 */
public final class CountingDataSource implements DataSource {
    private final DataSource target;
    private final AtomicLong statements = new AtomicLong();
    private final AtomicLong commits = new AtomicLong();

    public CountingDataSource(DataSource target) {
        this.target = target;
    }

    public long statements() {
        return statements.get();
    }

    public long commitsAndRollbacks() {
        return commits.get();
    }

    public long roundTrips() {
        return statements.get() + commits.get();
    }

    public void reset() {
        statements.set(0);
        commits.set(0);
    }

    @Override
    public Connection getConnection() throws SQLException {
        Connection c = target.getConnection();
        return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{Connection.class},
                (proxy, m, args) -> {
                    if (m.getName().equals("commit") || m.getName().equals("rollback")) {
                        commits.incrementAndGet();
                    }
                    Object r = invoke(m, c, args);
                    if (r instanceof Statement s) {
                        return wrapStatement(s);
                    }
                    return r;
                });
    }

    private Object wrapStatement(Statement s) {
        Class<?>[] ifaces = s instanceof java.sql.PreparedStatement
                ? new Class<?>[]{java.sql.PreparedStatement.class} : new Class<?>[]{Statement.class};
        return Proxy.newProxyInstance(getClass().getClassLoader(), ifaces, (proxy, m, args) -> {
            if (m.getName().startsWith("execute")) {
                statements.incrementAndGet();
            }
            return invoke(m, s, args);
        });
    }

    private static Object invoke(java.lang.reflect.Method m, Object target, Object[] args) throws Throwable {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    @Override public Connection getConnection(String u, String p) throws SQLException { return getConnection(); }
    @Override public PrintWriter getLogWriter() { return null; }
    @Override public void setLogWriter(PrintWriter out) { }
    @Override public void setLoginTimeout(int seconds) { }
    @Override public int getLoginTimeout() { return 0; }
    @Override public Logger getParentLogger() throws SQLFeatureNotSupportedException { throw new SQLFeatureNotSupportedException(); }
    @Override public <T> T unwrap(Class<T> iface) throws SQLException { throw new SQLException("not a wrapper"); }
    @Override public boolean isWrapperFor(Class<?> iface) { return false; }
}
