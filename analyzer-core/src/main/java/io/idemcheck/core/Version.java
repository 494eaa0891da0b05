package io.idemcheck.core;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The tool's name, version and home page, from the build (filtered resource {@code idemcheck-version.properties}). */
public final class Version {

    public static final String NAME = "idemcheck";
    public static final String INFORMATION_URI = "https://github.com/idemcheck/idemcheck";
    private static final String VERSION = load();

    private Version() {
    }

    /** Semantic version such as "0.1.0-SNAPSHOT". */
    public static String version() {
        return VERSION;
    }

    private static String load() {
        try (InputStream in = Version.class.getResourceAsStream("/idemcheck-version.properties")) {
            if (in == null) {
                return "0.0.0-dev";
            }
            Properties p = new Properties();
            p.load(in);
            String v = p.getProperty("version", "0.0.0-dev");
            return v.startsWith("${") ? "0.0.0-dev" : v;
        } catch (IOException e) {
            return "0.0.0-dev";
        }
    }
}
