package io.idemcheck.rules;

import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.LocalVar;
import io.idemcheck.core.facts.Receiver;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.summary.Locks;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a lock is keyed by: a key that varies with the work item ({@code redisson.getLock("order:" + id)}) makes the
 * lock one holder per item, a fixed name (a ShedLock name, a constant, a string literal) one holder per job. Read from
 * the text of the lock call's arguments or of the lock object's initialiser.
 */
final class LockKeys {

    private static final Pattern CONSTANT_WORD = Pattern.compile("\\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\\b|\\b[A-Z]{3,}\\b");
    private static final Pattern STRING = Pattern.compile("\"(?:\\\\.|[^\"\\\\])*\"");

    private LockKeys() {
    }

    /**
     * The key a lock is taken on when it varies with the item ({@code "order:" + id}), or null for a lock with a
     * fixed name (a ShedLock name, a constant, a string literal): one holder per job, not per item.
     */
    static String itemKey(MethodRef m, Locks.Lock lock) {
        CallSite c = lock.call();
        if (c == null) {
            return null;
        }
        String text = null;
        Receiver r = c.receiver();
        if ((r.kind() == Receiver.Kind.NAME || r.kind() == Receiver.Kind.FIELD) && c.args().size() <= 3) {
            LocalVar lv = m.method().body().locals().get(r.name());
            if (lv != null && lv.initText() != null) {
                text = innerArgs(lv.initText());
            }
        } else if (r.kind() == Receiver.Kind.CALL) {
            text = innerArgs(r.text());
        }
        if (text == null && !c.args().isEmpty()) {
            text = c.args().get(0).text();
        }
        if (text == null || text.isBlank()) {
            return null;
        }
        String t = STRING.matcher(text).replaceAll("\"\"");
        if (CONSTANT_WORD.matcher(t).find() || !variesWithCall(m, t)) {
            return null;
        }
        return LockedWork.shorten(text);
    }

    private static final Pattern ROOT_IDENT = Pattern.compile("(?<![\\w$.])([A-Za-z_$][\\w$]*)");

    /**
     * True when a lock's key text (string literals blanked) varies per call, outside a lambda or method reference: it
     * names a local variable or parameter of the method ({@code "order:" + id}) or reads a value through a no-argument
     * call other than the clock ({@code UserContext.getCurrentUser().getId()}). The lock client among a lock
     * constructor's arguments ({@code new InterProcessMutex(curator, "/locks/relay")}: a field), the task a lock
     * executor runs ({@code () -> relay.relayAll()}) and a configuration built from constants, factories of constants
     * and the clock ({@code new LockConfiguration(Instant.now(), "relay", Duration.ofMinutes(5), ..)}) do not: the
     * lock has one fixed name.
     */
    private static boolean variesWithCall(MethodRef m, String text) {
        Set<String> names = new HashSet<>(m.method().body().locals().keySet());
        m.method().params().forEach(p -> names.add(p.name()));
        for (String arg : topLevelArgs(text)) {
            if (arg.contains("->") || arg.contains("::")) {
                continue;
            }
            Matcher id = ROOT_IDENT.matcher(arg);
            while (id.find()) {
                if (names.contains(id.group(1))) {
                    return true;
                }
            }
            Matcher getter = NO_ARG_CALL.matcher(arg);
            while (getter.find()) {
                if (!CLOCK.matcher(getter.group(1)).matches()) {
                    return true;
                }
            }
        }
        return false;
    }

    private static final Pattern NO_ARG_CALL = Pattern.compile("([A-Za-z_$][\\w$]*)\\s*\\(\\s*\\)");
    private static final Pattern CLOCK = Pattern.compile("now|currentTimeMillis|nanoTime|randomUUID");

    /** The comma-separated arguments of an argument list's text, split at depth 0. */
    private static List<String> topLevelArgs(String text) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch == '(' || ch == '[' || ch == '{') {
                depth++;
            } else if ((ch == ')' || ch == ']' || ch == '}') && depth > 0) {
                depth--;
            } else if (ch == ',' && depth == 0) {
                out.add(text.substring(start, i));
                start = i + 1;
            }
        }
        out.add(text.substring(start));
        return out;
    }

    /** The text between the first '(' and its matching ')' of a call expression, or null. */
    private static String innerArgs(String call) {
        int open = call.indexOf('(');
        if (open < 0) {
            return null;
        }
        int depth = 0;
        for (int i = open; i < call.length(); i++) {
            char ch = call.charAt(i);
            if (ch == '(') {
                depth++;
            } else if (ch == ')' && --depth == 0) {
                return call.substring(open + 1, i).trim();
            }
        }
        return null;
    }
}
