package io.idemcheck.runtime.bench;

import javax.sql.DataSource;
import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import java.util.logging.Logger;

/**
 * A small connection pool that also meters what goes to the database: round trips (every execute/executeQuery/
 * executeUpdate/executeBatch and every explicit commit/rollback; driver-internal traffic such as setAutoCommit is not
 * counted) and the latency of statements whose SQL matches a predicate (db-scheduler's pick statements).
 */
final class Metered implements DataSource, AutoCloseable {
    private final String url;
    private final String user;
    private final String password;
    private final LinkedBlockingQueue<Connection> idle = new LinkedBlockingQueue<>();
    private final List<Connection> all = new ArrayList<>();
    final AtomicLong roundTrips = new AtomicLong();
    private final Predicate<String> timed;
    final List<Long> timedMicros = new ArrayList<>();

    Metered(String url, String user, String password, Predicate<String> timed) {
        this.url = url;
        this.user = user;
        this.password = password;
        this.timed = timed;
    }

    /** Opens n connections up front so connection set-up is not measured. */
    void warm(int n) throws SQLException {
        List<Connection> cs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            cs.add(getConnection());
        }
        for (Connection c : cs) {
            c.close();
        }
    }

    void recordMicros(long micros) {
        synchronized (timedMicros) {
            timedMicros.add(micros);
        }
    }

    @Override
    public Connection getConnection() throws SQLException {
        Connection raw = idle.poll();
        if (raw == null) {
            raw = DriverManager.getConnection(url, user, password);
            synchronized (all) {
                all.add(raw);
            }
        }
        final Connection target = raw;
        final boolean[] closed = {false};
        return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{Connection.class},
                (proxy, m, args) -> {
                    switch (m.getName()) {
                        case "close":
                            if (!closed[0]) {
                                closed[0] = true;
                                if (!target.getAutoCommit()) {
                                    target.rollback();
                                    target.setAutoCommit(true);
                                }
                                idle.offer(target);
                            }
                            return null;
                        case "isClosed":
                            return closed[0];
                        case "commit":
                        case "rollback":
                            roundTrips.incrementAndGet();
                            break;
                        default:
                            break;
                    }
                    Object r = invoke(m, target, args);
                    if (r instanceof Statement) {
                        String sql = args != null && args.length > 0 && args[0] instanceof String ? (String) args[0] : "";
                        return wrap((Statement) r, sql);
                    }
                    return r;
                });
    }

    private Object wrap(Statement s, String sql) {
        boolean time = timed != null && timed.test(sql.toLowerCase(Locale.ROOT));
        Class<?>[] ifaces = s instanceof java.sql.PreparedStatement
                ? new Class<?>[]{java.sql.PreparedStatement.class} : new Class<?>[]{Statement.class};
        return Proxy.newProxyInstance(getClass().getClassLoader(), ifaces, (proxy, m, args) -> {
            if (!m.getName().startsWith("execute")) {
                return invoke(m, s, args);
            }
            roundTrips.incrementAndGet();
            long t0 = System.nanoTime();
            Object r = invoke(m, s, args);
            if (time) {
                recordMicros((System.nanoTime() - t0) / 1000);
            }
            return r;
        });
    }

    private static Object invoke(Method m, Object target, Object[] args) throws Throwable {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    @Override
    public void close() {
        synchronized (all) {
            for (Connection c : all) {
                try {
                    c.close();
                } catch (SQLException ignored) {
                    // closing anyway
                }
            }
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
