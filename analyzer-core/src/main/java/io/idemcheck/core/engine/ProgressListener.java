package io.idemcheck.core.engine;

/** Receives progress of a scan, from several threads. */
public interface ProgressListener {

    ProgressListener NONE = new ProgressListener() {
    };

    /** Called once when discovery is done: {@code total} files will be parsed. */
    default void started(int total) {
    }

    /** Called after each file was parsed (or failed): {@code done} of {@code total}. */
    default void fileDone(int done, int total) {
    }

    /** Called when analysis and rules are done. */
    default void finished() {
    }
}
