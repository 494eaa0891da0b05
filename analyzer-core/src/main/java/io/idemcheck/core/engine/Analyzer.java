package io.idemcheck.core.engine;

import io.idemcheck.core.finding.ScanResult;

/**
 * The engine's entry point: discovery, parallel parsing into facts, the project index, method summaries, the rules,
 * and the finished {@link ScanResult}. Stateless; one instance may run several scans.
 */
public final class Analyzer {

    /**
     * Scans the request's paths.
     *
     * @throws IllegalArgumentException when a path does not exist (a usage error)
     */
    public ScanResult scan(ScanRequest request) {
        throw new UnsupportedOperationException("engine under construction");
    }
}
