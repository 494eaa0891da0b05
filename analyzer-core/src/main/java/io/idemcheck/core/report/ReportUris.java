package io.idemcheck.core.report;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** URI helpers for reports: relative, percent-encoded artifact URIs and the {@code file:} URI of the source root. */
public final class ReportUris {

    private static final String HEX = "0123456789ABCDEF";

    private ReportUris() {
    }

    /**
     * A relative URI reference for a path relative to the source root: backslashes become '/', each segment is
     * percent-encoded (UTF-8) except RFC 3986 unreserved characters, so "my dir/Ä.java" becomes "my%20dir/%C3%84.java".
     */
    public static String relative(String path) {
        String p = path.replace('\\', '/');
        while (p.startsWith("./")) {
            p = p.substring(2);
        }
        return encode(p, false);
    }

    /**
     * The absolute {@code file:} URI of a directory, always ending with '/': "/home/me/src" becomes
     * "file:///home/me/src/", "C:\src" becomes "file:///C:/src/".
     */
    public static String directoryUri(Path dir) {
        String p = dir.toAbsolutePath().normalize().toString().replace('\\', '/');
        if (!p.startsWith("/")) {
            p = "/" + p;
        }
        if (!p.endsWith("/")) {
            p = p + "/";
        }
        return "file://" + encode(p, true);
    }

    private static String encode(String s, boolean allowColon) {
        StringBuilder sb = new StringBuilder(s.length() + 8);
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            boolean keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '-' || c == '.' || c == '_' || c == '~' || c == '/' || (allowColon && c == ':');
            if (keep) {
                sb.append((char) c);
            } else {
                sb.append('%').append(HEX.charAt(c >> 4)).append(HEX.charAt(c & 0xf));
            }
        }
        return sb.toString();
    }
}
