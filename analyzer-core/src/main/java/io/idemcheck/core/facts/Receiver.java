package io.idemcheck.core.facts;

/**
 * The receiver of a call.
 *
 * @param kind   what sort of expression it is
 * @param text   its source text ("" for {@link Kind#NONE})
 * @param name   the variable or field name for NAME and FIELD, the type name for TYPE; otherwise null
 * @param callId for CALL, the id of the call whose result is the receiver; otherwise -1
 */
public record Receiver(Kind kind, String text, String name, int callId) implements java.io.Serializable {

    public static final Receiver NONE = new Receiver(Kind.NONE, "", null, -1);

    public Receiver {
        text = Shared.of(text);
        name = Shared.of(name);
    }

    public enum Kind {
        /** Unqualified call: {@code foo()}. */
        NONE,
        /** {@code this.foo()}. */
        THIS,
        /** {@code super.foo()}. */
        SUPER,
        /** A simple name that is a local, parameter or field: {@code x.foo()}. */
        NAME,
        /** {@code this.x.foo()}. */
        FIELD,
        /** A type name (static call): {@code Foo.bar()} or {@code java.util.Objects.equals()}. */
        TYPE,
        /** The result of another call: {@code a().foo()}. */
        CALL,
        /** Anything else. */
        OTHER
    }
}
