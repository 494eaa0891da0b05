package io.idemcheck.core.catalog;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * One vocabulary of the catalog: its words, how they match, and the evidence a match produces. Its parts:
 * {@link #evidence()}, what a match means, in words ("a claim whose result is a row count"), shown by
 * {@code idemcheck explain}; {@link #match()}, {@code exact} (the whole name), {@code pattern} (a name pattern, see
 * {@link NamePattern}), {@code regex} (each word is a regular-expression alternative: spellings such as
 * {@code retr(y|ies|ied)}; the code that reads the list puts the alternatives in its frame, see
 * {@link #regex(String)}) or {@code substring} (the word occurs in the text); {@link #values()}, the words, in file
 * order; {@link #source()}, where each word came from: "catalog" or an {@code idemcheck.yml} line
 * ("idemcheck.yml:12"). Immutable and thread-safe; {@link #matching} remembers its answers for names.
 */
public final class Terms {

    private final String evidence;
    private final String match;
    private final List<String> values;
    private final List<String> source;
    /** For {@code exact}: the words, for a constant-time {@link #matching}. */
    private final Set<String> exact;
    /** For {@code regex}: each word compiled once, in {@link #values} order. */
    private final Pattern[] compiled;
    /**
     * For {@code pattern} and {@code regex}: what {@link #matching} answered per name ({@link #NO_MATCH} for none),
     * filled on use and bounded ({@link #MEMO_LIMIT}): the same method and type names are asked about from every call.
     */
    private final Map<String, String> memo = new ConcurrentHashMap<>();
    private static final String NO_MATCH = new String("");
    private static final int MEMO_LIMIT = 100_000;

    /**
     * A vocabulary of {@code values} matched as {@code match} says; the lists are copied, regex words compiled now.
     *
     * @param evidence what a match means, in words
     * @param match    exact, pattern, regex or substring
     * @param values   the words, in file order
     * @param source   where each word came from, or null (all from the catalog)
     * @throws IllegalArgumentException for another {@code match}, or a {@code regex} word that does not compile
     */
    @JsonCreator
    public Terms(@JsonProperty("evidence") String evidence, @JsonProperty("match") String match,
                 @JsonProperty("values") List<String> values, @JsonProperty("source") List<String> source) {
        if (!Set.of("exact", "pattern", "substring", "regex").contains(match)) {
            throw new IllegalArgumentException("match must be exact, pattern, substring or regex, not '" + match + "'");
        }
        Pattern[] patterns = null;
        if (match.equals("regex")) {
            patterns = new Pattern[values.size()];
            for (int i = 0; i < patterns.length; i++) {
                try {
                    patterns[i] = Pattern.compile(values.get(i));
                } catch (java.util.regex.PatternSyntaxException e) {
                    throw new IllegalArgumentException("'" + values.get(i) + "' is not a regular expression: "
                            + e.getDescription());
                }
            }
        }
        this.evidence = evidence;
        this.match = match;
        this.values = List.copyOf(values);
        this.source = source == null ? List.of() : List.copyOf(source);
        this.compiled = patterns;
        this.exact = match.equals("exact") ? Set.copyOf(this.values) : null;
    }

    /** What a match means, in words ("a claim whose result is a row count"); shown by {@code idemcheck explain}. */
    @JsonProperty("evidence")
    public String evidence() {
        return evidence;
    }

    /** How the words match: exact, pattern, regex or substring. */
    @JsonProperty("match")
    public String match() {
        return match;
    }

    /** The words, in file order. */
    @JsonProperty("values")
    public List<String> values() {
        return values;
    }

    /** Where each word came from: "catalog" or an {@code idemcheck.yml} line ("idemcheck.yml:12"); may be empty. */
    @JsonProperty("source")
    public List<String> source() {
        return source;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Terms t && evidence.equals(t.evidence) && match.equals(t.match)
                && values.equals(t.values) && source.equals(t.source);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(evidence, match, values, source);
    }

    @Override
    public String toString() {
        return "Terms[evidence=" + evidence + ", match=" + match + ", values=" + values + ", source=" + source + "]";
    }

    /** Compiled {@link #regex(String)} patterns, by their text. */
    private static final Map<String, Pattern> COMPILED = new ConcurrentHashMap<>();

    /**
     * For a {@code regex} list: the words as one alternation ({@code w1|w2|..}) put in {@code frame} at its
     * {@code %s}, compiled (once per text). The frame holds what is structure, not vocabulary: anchors, flags and
     * the group ({@code "(?i).*(%s).*"}); the list holds the words.
     */
    public Pattern regex(String frame) {
        if (!match.equals("regex")) {
            throw new IllegalStateException("regex() on a '" + match + "' list");
        }
        return COMPILED.computeIfAbsent(frame.replace("%s", String.join("|", values)), Pattern::compile);
    }

    /** Splits a name at camel-case humps, acronym ends, digits runs and non-letters: sendToDLQ, sendToDlq: send To DLQ. */
    private static final Pattern WORD_BREAK =
            Pattern.compile("(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|[^A-Za-z0-9]+");

    /**
     * For a {@code regex} list: true when a word of {@code name}, split at camel-case humps and non-letters
     * ({@code putBack}: put, Back; {@code send_to_dlq}: send, to, dlq), begins with one of the alternatives,
     * ignoring case. A word inside another word does not count: {@code ack} is in {@code acknowledge} and
     * {@code ackMessage}, not in {@code putBack}, {@code pushBack} or {@code callback}.
     */
    public boolean beginsAWordOf(String name) {
        if (name == null || name.isEmpty()) {
            return false;
        }
        Pattern p = regex("(?i)(%s)\\w*");
        for (String w : WORD_BREAK.split(name)) {
            if (!w.isEmpty() && p.matcher(w).matches()) {
                return true;
            }
        }
        return false;
    }

    /**
     * An English inflection a word may carry after the term it begins with (parked, fails, failure, rejected,
     * skipped, alerting), so that a term names the word; any other rest makes another word (failover, sparkle).
     * Grammar, not vocabulary: it is the same for every list.
     */
    private static final Pattern INFLECTION = Pattern.compile("(?i)(?:s|es|d|ed|ing|ure|ures|ion|ions|ment)?");

    /**
     * For a {@code regex} list: true when a run of whole words of {@code name}, split as in
     * {@link #beginsAWordOf(String)}, spells one of the alternatives, ignoring case, the last word possibly inflected
     * (a doubled final consonant allowed: skipped). The term must begin and end at word breaks: {@code park} names
     * {@code parkMessage} and {@code parked}, not {@code spark}; {@code fail} names {@code markFailed} and
     * {@code onFailure}, not {@code failover}; a term of two words ({@code giveUp}, {@code dead_?letter}) names
     * {@code giveUpOn} and {@code sendToDeadLetterQueue}.
     */
    public boolean namesWordsOf(String name) {
        if (!match.equals("regex")) {
            throw new IllegalStateException("namesWordsOf() on a '" + match + "' list");
        }
        if (name == null || name.isEmpty()) {
            return false;
        }
        List<String> words = new ArrayList<>();
        for (String w : WORD_BREAK.split(name)) {
            if (!w.isEmpty()) {
                words.add(w);
            }
        }
        for (int i = 0; i < words.size(); i++) {
            StringBuilder run = new StringBuilder();
            for (int j = i; j < words.size(); j++) {
                run.append(words.get(j));
                for (String v : values) {
                    java.util.regex.Matcher m = COMPILED.computeIfAbsent("(?i)(" + v + ")(\\w*)", Pattern::compile)
                            .matcher(run);
                    if (m.matches() && inflection(run.substring(0, m.start(m.groupCount())),
                            m.group(m.groupCount()))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** {@code rest} inflects the word {@code stem} ends: nothing, an inflection, or one after a doubled consonant. */
    private static boolean inflection(String stem, String rest) {
        if (INFLECTION.matcher(rest).matches()) {
            return true;
        }
        return rest.length() > 1 && !stem.isEmpty()
                && Character.toLowerCase(rest.charAt(0)) == Character.toLowerCase(stem.charAt(stem.length() - 1))
                && "aeiou".indexOf(Character.toLowerCase(rest.charAt(0))) < 0
                && INFLECTION.matcher(rest.substring(1)).matches();
    }

    /** True when {@code name} (or, for {@code substring}, the text) matches one of the words. */
    public boolean has(String name) {
        return matching(name) != null;
    }

    /** The word that matches {@code name}, or null: the first in file order. */
    public String matching(String name) {
        if (name == null) {
            return null;
        }
        switch (match) {
            case "exact" -> {
                return exact.contains(name) ? name : null;
            }
            case "substring" -> {
                for (String v : values) {
                    if (name.contains(v)) {
                        return v;
                    }
                }
                return null;
            }
            default -> {
                String known = memo.get(name);
                if (known == null) {
                    String found = search(name);
                    known = found == null ? NO_MATCH : found;
                    if (memo.size() < MEMO_LIMIT) {
                        memo.put(name, known);
                    }
                }
                return known == NO_MATCH ? null : known;
            }
        }
    }

    /** {@link #matching} for a {@code pattern} or {@code regex} list, without the memo. */
    private String search(String name) {
        for (int i = 0; i < values.size(); i++) {
            String v = values.get(i);
            if (compiled != null ? compiled[i].matcher(name).matches() : NamePattern.matches(v, name)) {
                return v;
            }
        }
        return null;
    }

    /** These terms with {@code more} appended (a project's additions), each marked with {@code from}. */
    public Terms plus(List<String> more, String from) {
        if (more.isEmpty()) {
            return this;
        }
        List<String> vs = new ArrayList<>(values);
        List<String> src = new ArrayList<>(source.isEmpty() ? java.util.Collections.nCopies(values.size(), "catalog")
                : source);
        for (String m : more) {
            vs.add(m);
            src.add(from);
        }
        return new Terms(evidence, match, vs, src);
    }

    /** Where {@code value} came from: "catalog" or the idemcheck.yml location that added it. */
    public String sourceOf(String value) {
        int i = values.indexOf(value);
        return i < 0 || i >= source.size() ? "catalog" : source.get(i);
    }
}
