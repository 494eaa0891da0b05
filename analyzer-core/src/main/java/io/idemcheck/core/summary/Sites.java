package io.idemcheck.core.summary;

import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.Range;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.finding.Location;
import io.idemcheck.core.index.MethodRef;

/**
 * Where and how calls are shown: a call's location in its method's file and its short display name. Static helpers
 * with no state; the lowest layer of {@code summary}.
 */
public final class Sites {

    private Sites() {
    }
    /** A location in {@code m}'s file. */
    public static Location location(MethodRef m, Range r, String label) {
        return new Location(m.file().relPath(), r.line(), r.column(), Math.max(r.endLine(), r.line()),
                r.endLine() == r.line() ? Math.max(r.endColumn(), r.column()) : r.endColumn(), label);
    }

    /** Short display name of a call: "charge()", "paymentClient.charge()". */
    public static String display(CallSite c) {
        Receiver r = c.receiver();
        String recv = switch (r.kind()) {
            case NAME, FIELD, TYPE -> r.name() == null ? "" : simple(r.name()) + ".";
            default -> "";
        };
        return recv + c.name() + "()";
    }

    static String simple(String name) {
        int i = name.lastIndexOf('.');
        return i < 0 ? name : name.substring(i + 1);
    }
}
