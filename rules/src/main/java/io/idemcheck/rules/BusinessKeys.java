package io.idemcheck.rules;

import io.idemcheck.core.catalog.Catalog;
import io.idemcheck.core.catalog.Vocabulary;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * IDEM011's guess at the business key of a table from the columns a job's inserts write: the columns that say what a
 * row is made for, so that a second insert of the same thing by a re-run collides. Every list of column names comes
 * from the catalog (docs/catalog.md): {@code requestKeyColumnWords} (a request or idempotency key, a key on its own),
 * {@code workItemColumns} (task_id: one row per work item, with its period), {@code businessNumberColumns} (order_item_sn, message_id), {@code ownerColumns} (member_id: whose row it is),
 * {@code discriminatorColumns} (flow_type), {@code periodColumns} (biz_date, start_time) and
 * {@code timestampColumns} (gmt_create, update_time: when, never what).
 *
 * <p>A key is never narrower than the row: a message per member is (message_id, member_id), not message_id alone,
 * and a PAY flow per order item is (order_item_sn, flow_type, refund_sn). A column whose value is generated per
 * insert (a snowflake order number, a random UUID) identifies the insert, not the thing, and is left out. When
 * nothing among the columns names what the row is for (only an owner, or no reference at all), there is no key to
 * propose, and the table is not reported: a member may legitimately hold many rows.
 */
final class BusinessKeys {

    private BusinessKeys() {
    }

    /**
     * The columns of the business key, in the order the inserts write them; empty when none can be named.
     *
     * @param columns   the columns the job's inserts write (any case)
     * @param generated the columns whose value is generated per insert (a new number, a random id)
     */
    static List<String> of(Catalog cat, Collection<String> columns, Set<String> generated) {
        List<String> cand = new ArrayList<>();
        for (String raw : new LinkedHashSet<>(columns)) {
            String c = raw.toLowerCase(Locale.ROOT);
            if (c.equals("id") || cat.isStatusColumn(c) || generated.contains(c) || cand.contains(c)) {
                continue;
            }
            if (has(cat, Vocabulary.TIMESTAMP_COLUMNS, c) && !has(cat, Vocabulary.PERIOD_COLUMNS, c)) {
                continue;
            }
            cand.add(c);
        }
        for (String c : cand) {
            if (has(cat, Vocabulary.REQUEST_KEY_COLUMN_WORDS, c)) {
                return List.of(c);
            }
        }
        for (String c : cand) {
            if (has(cat, Vocabulary.WORK_ITEM_COLUMNS, c)) {
                // one row per work item (an order per settlement task), per period when the row has one
                List<String> key = new ArrayList<>(List.of(c));
                cand.stream().filter(d -> has(cat, Vocabulary.PERIOD_COLUMNS, d)).findFirst().ifPresent(key::add);
                return key;
            }
        }
        List<String> key = new ArrayList<>();
        boolean names = false;
        for (String c : cand) {
            boolean owner = has(cat, Vocabulary.OWNER_COLUMNS, c);
            boolean reference = !owner && (has(cat, Vocabulary.BUSINESS_NUMBER_COLUMNS, c) || c.endsWith("_id"));
            boolean period = has(cat, Vocabulary.PERIOD_COLUMNS, c);
            names |= reference || period;
            if (reference || owner || period || has(cat, Vocabulary.DISCRIMINATOR_COLUMNS, c)) {
                key.add(c);
            }
        }
        return names ? key : List.of();
    }

    /**
     * A key worth writing into a migration mechanically: the work item's reference (with its period), or one column
     * that is a request key or a business number on its own. Any other composite guess is a decision for a human.
     */
    static boolean strong(Catalog cat, List<String> key) {
        String first = key.get(0);
        return has(cat, Vocabulary.WORK_ITEM_COLUMNS, first) || key.size() == 1
                && (has(cat, Vocabulary.REQUEST_KEY_COLUMN_WORDS, first)
                || has(cat, Vocabulary.BUSINESS_NUMBER_COLUMNS, first));
    }

    /** True when the value written to a column is generated per insert (catalog {@code nonDeterministicKeyCalls}). */
    static boolean generatedValue(Catalog cat, String valueText) {
        return valueText != null && cat.terms(Vocabulary.NON_DETERMINISTIC_KEY_CALLS).has(valueText);
    }

    private static boolean has(Catalog cat, Vocabulary v, String column) {
        return cat.terms(v).has(column);
    }

    private static final java.util.regex.Pattern PARENT_REFERENCE = java.util.regex.Pattern.compile("([a-z0-9_]+?)_(id|sn|no|code)");

    /**
     * For a child table ({@code order_item}, {@code invoice_line}: a name ending with {@code _} and one of the
     * catalog's {@code childTableWords}), the column that refers to its parent ({@code order_id}, {@code order_sn}:
     * the name before the word, or its last part, with {@code _id}, {@code _sn}, {@code _no} or {@code _code}) among
     * the table's and the inserted columns; null for any other table.
     */
    static String parentColumn(Catalog cat, io.idemcheck.core.schema.Table t, Set<String> inserted) {
        String n = t.name().toLowerCase(Locale.ROOT);
        for (String w : cat.terms(Vocabulary.CHILD_TABLE_WORDS).values()) {
            if (!n.endsWith("_" + w) || n.length() == w.length() + 1) {
                continue;
            }
            String stem = n.substring(0, n.length() - w.length() - 1);
            Set<String> cols = new LinkedHashSet<>();
            t.columns().forEach(c -> cols.add(c.name().toLowerCase(Locale.ROOT)));
            inserted.forEach(c -> cols.add(c.toLowerCase(Locale.ROOT)));
            for (String c : cols) {
                java.util.regex.Matcher pm = PARENT_REFERENCE.matcher(c);
                if (pm.matches() && (stem.equals(pm.group(1)) || stem.endsWith("_" + pm.group(1)))) {
                    return c;
                }
            }
        }
        return null;
    }
}
