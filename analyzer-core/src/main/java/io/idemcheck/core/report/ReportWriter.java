package io.idemcheck.core.report;

import io.idemcheck.core.finding.ScanResult;

import java.io.IOException;
import java.io.Writer;

/** Writes a {@link ScanResult} in one format. Shared by the CLI and the Maven plugin. */
public interface ReportWriter {

    /** Writes the whole report to {@code out}; does not close it. */
    void write(ScanResult result, Writer out) throws IOException;
}
