package io.idemcheck.core.facts;

import java.util.List;

/**
 * What kind of side effect a call performs, as carried by {@code EffectTrace.effectKind()} (summary). The catalog's
 * {@code effectTypes}, {@code effectAnnotations} and {@code effectMethodNames} and idemcheck.yml's {@code effects}
 * name a kind by its {@link #label()}; an unknown label is an error where it is read.
 */
public enum EffectKind {
    /** Moves money (a charge, a refund, a transfer). */
    PAYMENT("payment", "moves money", "charges again"),
    /** Publishes a message to a broker. */
    MESSAGE("message", "sends a message", "publishes the message again"),
    /** Calls a remote service over HTTP. */
    HTTP("http", "calls a remote service", "sends the request again"),
    /** Sends a mail. */
    MAIL("mail", "sends a mail", "sends the mail again"),
    /** Places an order with another system. */
    ORDER("order", "places an order", "repeats the effect"),
    /** Writes or uploads a file (local disk, SFTP, object storage). */
    FILE("file", "has a side effect", "repeats the effect"),
    /** Inserts a row into the application's own database (it rolls back with that database's transaction). */
    DB_INSERT("db-insert", "has a side effect", "inserts the row again"),
    /** Adds to or subtracts from an amount stored in the application's own database relative to its own value
     * ({@code SET balance = balance + ?}); like an insert, it rolls back with that database's transaction. */
    DB_INCREMENT("db-increment", "adds to a stored amount", "adds the amount again");

    private final String label;
    private final String phrase;
    private final String verb;

    EffectKind(String label, String phrase, String verb) {
        this.label = label;
        this.phrase = phrase;
        this.verb = verb;
    }

    /** The kind as the catalog and idemcheck.yml write it, and as messages print it ("payment", "db-insert"). */
    public String label() {
        return label;
    }

    /** What an effect of this kind does, in words ("moves money"; "has a side effect" for the generic kinds). */
    public String phrase() {
        return phrase;
    }

    /** What repeating an effect of this kind does, in words ("charges again"). */
    public String verb() {
        return verb;
    }

    /** True for the kinds that stay in the application's own database ({@link #DB_INSERT}, {@link #DB_INCREMENT}). */
    public boolean databaseLocal() {
        return this == DB_INSERT || this == DB_INCREMENT;
    }

    /** The labels of every kind, in declaration order. */
    public static List<String> labels() {
        return java.util.Arrays.stream(values()).map(EffectKind::label).toList();
    }

    /**
     * The kind a label names; null for null.
     *
     * @throws IllegalArgumentException for a label that names no kind, listing the known ones
     */
    public static EffectKind of(String label) {
        if (label == null) {
            return null;
        }
        for (EffectKind k : values()) {
            if (k.label.equals(label)) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown effect kind '" + label + "' (expected one of: "
                + String.join(", ", labels()) + ")");
    }

    @Override
    public String toString() {
        return label;
    }
}
