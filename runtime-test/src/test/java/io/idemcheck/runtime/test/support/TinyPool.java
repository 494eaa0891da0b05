package io.idemcheck.runtime.test.support;

import javax.sql.DataSource;
import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.logging.Logger;

/** Copied from the runtime's tests. A minimal DriverManager-backed connection pool for tests: close() returns the connection (auto-commit reset). */
public final class TinyPool implements DataSource, AutoCloseable {
    private final String url;
    private final String user;
    private final String password;
    private final LinkedBlockingQueue<Connection> idle = new LinkedBlockingQueue<>();
    private final List<Connection> all = new ArrayList<>();

    public TinyPool(String url, String user, String password) {
        this.url = url;
        this.user = user;
        this.password = password;
    }

    @Override
    public Connection getConnection() throws SQLException {
        Connection raw = idle.poll();
        if (raw == null || raw.isClosed()) {
            raw = DriverManager.getConnection(url, user, password);
            synchronized (all) {
                all.add(raw);
            }
        }
        final Connection target = raw;
        final boolean[] closed = {false};
        return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{Connection.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("close")) {
                        if (!closed[0]) {
                            closed[0] = true;
                            if (!target.getAutoCommit()) {
                                target.rollback();
                                target.setAutoCommit(true);
                            }
                            idle.offer(target);
                        }
                        return null;
                    }
                    if (method.getName().equals("isClosed")) {
                        return closed[0];
                    }
                    if (closed[0]) {
                        throw new SQLException("connection returned to pool");
                    }
                    try {
                        return method.invoke(target, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    @Override
    public Connection getConnection(String u, String p) throws SQLException {
        return getConnection();
    }

    @Override
    public void close() {
        synchronized (all) {
            for (Connection c : all) {
                try {
                    c.close();
                } catch (SQLException ignored) {
                }
            }
            all.clear();
        }
        idle.clear();
    }

    @Override public PrintWriter getLogWriter() { return null; }
    @Override public void setLogWriter(PrintWriter out) { }
    @Override public void setLoginTimeout(int seconds) { }
    @Override public int getLoginTimeout() { return 0; }
    @Override public Logger getParentLogger() throws SQLFeatureNotSupportedException { throw new SQLFeatureNotSupportedException(); }
    @Override public <T> T unwrap(Class<T> iface) throws SQLException { throw new SQLException("not a wrapper"); }
    @Override public boolean isWrapperFor(Class<?> iface) { return false; }
}
