package io.idemcheck.core.sql;

import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Statement;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * The engine's one way into JSqlParser. {@link CCJSqlParserUtil#parse(String, Consumer)} runs each call's parses on
 * a thread of its own (so that it can give up after the parser's time-out), starting a new thread per call and
 * stopping it after: on a project with a few hundred SQL statements that thread traffic cost more than the parsing
 * (batch-collections' schema, about 250 threads: 0.8 s of 0.9 s). Here each calling thread keeps one parser thread
 * for its calls and hands every call to it, so a call's parses (simple parsing, then complex parsing when that fails)
 * run one after the other on one thread, as before. A call whose parse ran past its time-out leaves that thread
 * behind (the parse may still be running) and the next call gets a new one, so no parse waits for another call's.
 * Same parser, settings, time-out and result as JSqlParser's own entry point.
 */
public final class SqlParsing {

    private static final ThreadLocal<ThreadPoolExecutor> PARSER = new ThreadLocal<>();

    private SqlParsing() {
    }

    /**
     * Parses one statement as {@link CCJSqlParserUtil#parse(String, Consumer)} does (simple parsing first, complex
     * parsing when that fails), with {@code settings} (null: the parser's defaults) applied to each parser.
     *
     * @throws JSQLParserException when the statement is not understood or the parser's time-out passes
     */
    public static Statement parse(String sql, Consumer<CCJSqlParser> settings) throws JSQLParserException {
        ThreadPoolExecutor parser = PARSER.get();
        if (parser == null) {
            parser = newParserThread();
            PARSER.set(parser);
        }
        try {
            return CCJSqlParserUtil.parse(sql, parser, settings);
        } catch (JSQLParserException e) {
            if (timedOut(e)) { // its thread may still be parsing: the next call gets a new one
                PARSER.remove();
                parser.shutdown();
            }
            throw e;
        }
    }

    /**
     * Stops the calling thread's parser thread, if it has one, and forgets it; the next {@link #parse} on this thread
     * starts a new one. A scan calls this when it ends, so that a thread that lives on after it (the Maven build's
     * thread running the plugin, a daemon's) keeps no executor of the scan's (and through it the plugin's class
     * loader). Never throws.
     */
    public static void release() {
        ThreadPoolExecutor parser = PARSER.get();
        if (parser != null) {
            PARSER.remove();
            parser.shutdown();
        }
    }

    /** One daemon thread that ends after a minute without work (a later call starts it again). */
    private static ThreadPoolExecutor newParserThread() {
        ThreadPoolExecutor ex = new ThreadPoolExecutor(1, 1, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, "idemcheck-sql");
            t.setDaemon(true);
            return t;
        });
        ex.allowCoreThreadTimeOut(true);
        return ex;
    }

    private static boolean timedOut(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof TimeoutException) {
                return true;
            }
        }
        return false;
    }
}
