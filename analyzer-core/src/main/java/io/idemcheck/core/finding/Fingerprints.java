package io.idemcheck.core.finding;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Line-free finding identity. A fingerprint is the first 32 hex digits of SHA-256 over
 * {@code ruleId | path | enclosing | normalised construct | occurrence}, so it survives code moving up and down but
 * changes when the flagged construct, its method or its file changes. Written to SARIF as
 * {@code partialFingerprints["idemcheck/v1"]} and used as the baseline key.
 */
public final class Fingerprints {

    /** The SARIF partialFingerprints key; bump the version when the recipe changes. */
    public static final String SARIF_KEY = "idemcheck/v1";

    private Fingerprints() {
    }

    /**
     * @param ruleId     rule id
     * @param path       path relative to the source root
     * @param enclosing  enclosing type and method signature (or statement id / table)
     * @param construct  source text of the flagged construct; whitespace is collapsed before hashing
     * @param occurrence 0 for the first time this construct appears in {@code enclosing}, 1 for the second, ...
     * @return 32 lower-case hex digits
     */
    public static String of(String ruleId, String path, String enclosing, String construct, int occurrence) {
        String normalised = construct == null ? "" : construct.replaceAll("\\s+", " ").trim();
        String input = ruleId + "|" + path + "|" + enclosing + "|" + normalised + "|" + occurrence;
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(input.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing from the JDK", e);
        }
    }
}
