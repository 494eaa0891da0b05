package io.idemcheck.core.catalog;

import io.idemcheck.core.facts.EffectKind;

import io.idemcheck.core.config.ConfigLoader;
import io.idemcheck.core.config.ProjectConfig;
import io.idemcheck.core.sql.SqlFacts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The catalog's loading is strict, its vocabularies are all there, and idemcheck.yml extends them. */
class CatalogTest {

    @Test
    void builtInCatalogHasEveryVocabularyWithEvidenceAndWords() {
        Catalog c = Catalog.load();
        for (Vocabulary v : Vocabulary.values()) {
            Terms t = c.terms(v);
            assertThat(t).as(v.key()).isNotNull();
            assertThat(t.values()).as(v.key()).isNotEmpty();
            assertThat(t.evidence()).as(v.key()).isNotBlank();
        }
        assertThat(c.terms(Vocabulary.TERMINAL_STATES).has("DONE")).isTrue();
        assertThat(c.terms(Vocabulary.TERMINAL_STATES).has("RUNNING")).isFalse();
        assertThat(c.terms(Vocabulary.IN_PROGRESS_STATES).has("RUNNING")).isTrue();
        assertThat(c.terms(Vocabulary.DB_WRITE_METHOD_NAMES).matching("updateStatusById")).isEqualTo("update*");
        assertThat(c.terms(Vocabulary.NON_DETERMINISTIC_KEY_CALLS).has("order.getId() + UUID.randomUUID()")).isTrue();
    }

    @Test
    void theRuntimeLibrarysCallsAndTheCatchAllTypesAreCatalogData() {
        Catalog c = Catalog.load();
        assertThat(c.terms(Vocabulary.RUNTIME_RECORD_CALLS).values())
                .containsExactly("TaskClaimer.complete", "TaskClaimer.fail");
        assertThat(c.terms(Vocabulary.RUNTIME_CLAIM_CALLS).has("TaskClaimer.claim")).isTrue();
        assertThat(c.terms(Vocabulary.RUNTIME_CLAIM_CALLS).has("TaskClaimer.release")).isFalse();
        assertThat(c.terms(Vocabulary.CATCH_ALL_EXCEPTION_TYPES).has("Throwable")).isTrue();
        assertThat(c.terms(Vocabulary.CATCH_ALL_EXCEPTION_TYPES).has("IOException")).isFalse();
        assertThat(c.terms(Vocabulary.NOT_FAILURE_EXCEPTION_TYPES).has("InterruptedException")).isTrue();
        java.util.regex.Pattern store = c.terms(Vocabulary.STATUS_WORDS).regex("(?i)(set)?\\w*(%s)");
        assertThat(store.matcher("setOrderStatus").matches()).isTrue();
        assertThat(store.matcher("status").matches()).isTrue();
        assertThat(store.matcher("statusCode").matches()).isFalse();
    }

    @Test
    void keyOfAVocabularyIsItsNameInLowerCamelCase() {
        assertThat(Vocabulary.IN_PROGRESS_STATES.key()).isEqualTo("inProgressStates");
        assertThat(Vocabulary.ofKey("nonDeterministicKeyCalls")).isEqualTo(Vocabulary.NON_DETERMINISTIC_KEY_CALLS);
        assertThat(Vocabulary.ofKey("noSuchList")).isNull();
    }

    @Test
    void unknownTopLevelKeyIsAnErrorNamingIt() throws Exception {
        String json = builtInText().replaceFirst("\"effectTypes\"", "\"dbWriteMethodNames\": [\"insert*\"],\n  \"effectTypes\"");
        assertThatThrownBy(() -> Catalog.read(stream(json), "catalog.json"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("catalog.json: unknown key 'dbWriteMethodNames'");
    }

    @Test
    void unknownKeyInAnEntryIsAnErrorNamingIt() throws Exception {
        String json = builtInText().replaceFirst("\"kind\": \"http\", \"methods\"", "\"kind\": \"http\", \"verbs\": [], \"methods\"");
        assertThatThrownBy(() -> Catalog.read(stream(json), "catalog.json"))
                .hasMessageContaining("unknown key 'verbs'");
    }

    @Test
    void unknownAndMissingVocabulariesAreErrorsNamingThem() throws Exception {
        String extra = builtInText().replaceFirst("\"vocabularies\": \\{", "\"vocabularies\": {\n    \"lockApis\": "
                + "{\"evidence\": \"x\", \"match\": \"exact\", \"values\": [\"lock\"]},");
        assertThatThrownBy(() -> Catalog.read(stream(extra), "catalog.json"))
                .hasMessage("catalog.json: unknown vocabulary 'lockApis'");
        String missing = builtInText().replaceFirst("\"flagColumns\"", "\"flagColumnz\"");
        assertThatThrownBy(() -> Catalog.read(stream(missing), "catalog.json"))
                .hasMessageContaining("'flagColumnz'");
    }

    @Test
    void stateValuesOfIdemcheckYmlAreTerminalStates(@TempDir Path dir) throws Exception {
        Path yml = dir.resolve("idemcheck.yml");
        Files.writeString(yml, "stateValues: [\"settled\"]\n");
        ProjectConfig config = ConfigLoader.load(yml);
        Catalog c = Catalog.load().withProject(config);
        Terms terminal = c.terms(Vocabulary.TERMINAL_STATES);
        assertThat(terminal.has("SETTLED")).isTrue();
        assertThat(terminal.sourceOf("SETTLED")).isEqualTo("idemcheck.yml stateValues");
        assertThat(terminal.sourceOf("DONE")).isEqualTo("catalog");
        assertThat(Catalog.load().terms(Vocabulary.TERMINAL_STATES).has("SETTLED")).isFalse();
        // a conditional move to SETTLED completes work: with the project's vocabulary it is no longer a claim
        SqlFacts toSettled = new SqlFacts(SqlFacts.Kind.UPDATE, "orders", List.of("status"), List.of("status"), true,
                true, "UPDATE orders SET status = 'SETTLED' WHERE status = 'PAID'", null, List.of("SETTLED"));
        assertThat(toSettled.claims(Catalog.load().terms(Vocabulary.TERMINAL_STATES))).isTrue();
        assertThat(toSettled.claims(terminal)).isFalse();
    }

    @Test
    void termsMatchExactlyByPatternOrAsSubstring() {
        Terms exact = new Terms("e", "exact", List.of("save"), null);
        Terms pattern = new Terms("e", "pattern", List.of("save*"), null);
        Terms sub = new Terms("e", "substring", List.of("now"), null);
        assertThat(exact.has("saveAll")).isFalse();
        assertThat(pattern.has("saveAll")).isTrue();
        assertThat(pattern.has("saved")).isFalse();
        assertThat(sub.has("Instant.now()")).isTrue();
        assertThatThrownBy(() -> new Terms("e", "glob", List.of("x"), null))
                .hasMessageContaining("exact, pattern, substring or regex");
        assertThat(Map.of("k", exact.plus(List.of("persist"), "idemcheck.yml:3")).get("k").sourceOf("persist"))
                .isEqualTo("idemcheck.yml:3");
    }

    @Test
    void termsAnswerTheFirstWordInFileOrderAndTheSameWhenAskedAgain() {
        Terms pattern = new Terms("e", "pattern", List.of("mark*", "markDone", "*Done"), null);
        Terms regex = new Terms("e", "regex", List.of("retr(y|ies)", "retry\\w+"), null);
        Terms exact = new Terms("e", "exact", List.of("save", "persist", "save"), null);
        for (int i = 0; i < 2; i++) {
            assertThat(pattern.matching("markDone")).isEqualTo("mark*");
            assertThat(pattern.matching("isDone")).isEqualTo("*Done");
            assertThat(pattern.matching("marker")).isNull();
            assertThat(regex.matching("retryLater")).isEqualTo("retry\\w+");
            assertThat(regex.matching("retries")).isEqualTo("retr(y|ies)");
            assertThat(regex.matching("retried")).isNull();
            assertThat(exact.matching("persist")).isEqualTo("persist");
            assertThat(exact.matching("saveAll")).isNull();
            assertThat(exact.matching(null)).isNull();
        }
        assertThat(new Terms("e", "exact", List.of("save"), null)).isEqualTo(new Terms("e", "exact",
                List.of("save"), List.of())).hasSameHashCodeAs(new Terms("e", "exact", List.of("save"), null));
        assertThat(exact.toString()).isEqualTo("Terms[evidence=e, match=exact, values=[save, persist, save], "
                + "source=[]]");
    }

    @Test
    void streamingReaderReadsTheBuiltInCatalogAsTheDataBindingDid() throws Exception {
        // the data binding the catalog was read with before CatalogReader, as the reference
        Catalog bound = new com.fasterxml.jackson.databind.ObjectMapper()
                .configure(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
                .readValue(builtInText(), Catalog.class);
        Catalog read = Catalog.load();
        assertThat(read).isEqualTo(bound);
        assertThat(read.effectTypes()).isNotEmpty();
        assertThat(read.entryPoints().interfaces()).isNotEmpty();
        assertThat(new ArrayList<>(read.vocabularies().keySet())).isEqualTo(new ArrayList<>(bound.vocabularies().keySet()));
        // lists stay as permissive as the binding's: asking for null is an answer, not an exception
        assertThat(read.notEffectMethodNames().contains(null)).isFalse();
    }

    @Test
    void valueOfTheWrongShapeIsAnIoErrorNamingWhere() throws Exception {
        String json = builtInText().replaceFirst("\"kind\": \"http\", \"methods\": \\[", "\"kind\": \"http\", \"methods\": [7, ");
        assertThatThrownBy(() -> Catalog.read(stream(json), "catalog.json"))
                .isInstanceOf(java.io.IOException.class)
                .hasMessageContaining("catalog.json: expected a string, found VALUE_NUMBER_INT at effectTypes[0].methods[0]");
        assertThatThrownBy(() -> Catalog.read(stream("[]"), "catalog.json"))
                .isInstanceOf(java.io.IOException.class)
                .hasMessageContaining("expected START_OBJECT, found START_ARRAY at the top");
        String unknown = builtInText().replaceFirst("\"kind\": \"http\", \"methods\"", "\"kind\": \"http\", \"verbs\": [], \"methods\"");
        assertThatThrownBy(() -> Catalog.read(stream(unknown), "catalog.json"))
                .hasMessage("catalog.json: unknown key 'verbs' at effectTypes[0]");
    }

    @Test
    void anEffectKindTheToolDoesNotKnowIsAnErrorNamingItAndWhere() throws Exception {
        String json = builtInText().replaceFirst("\"kind\": \"http\", \"methods\"", "\"kind\": \"telegram\", \"methods\"");
        assertThatThrownBy(() -> Catalog.read(stream(json), "catalog.json"))
                .isInstanceOf(java.io.IOException.class)
                .hasMessageContaining("unknown effect kind 'telegram' (expected one of: payment, message, http, mail, "
                        + "order, file, db-insert, db-increment)")
                .hasMessageContaining("at effectTypes[0]");
    }

    @Test
    void everyEffectKindOfTheBuiltInCatalogIsAnEffectKindWithItsPhraseAndVerb() {
        Catalog c = Catalog.builtin();
        List<String> kinds = new ArrayList<>();
        c.effectTypes().forEach(t -> kinds.add(t.kind()));
        c.effectAnnotations().forEach(a -> kinds.add(a.kind()));
        c.effectMethodNames().forEach(n -> kinds.add(n.kind()));
        assertThat(kinds).allSatisfy(k -> assertThat(EffectKind.of(k).label()).isEqualTo(k));
        assertThat(EffectKind.of("payment")).isEqualTo(EffectKind.PAYMENT);
        assertThat(EffectKind.PAYMENT.phrase()).isEqualTo("moves money");
        assertThat(EffectKind.PAYMENT.verb()).isEqualTo("charges again");
        assertThat(EffectKind.DB_INSERT.label()).isEqualTo("db-insert");
        assertThat(EffectKind.DB_INSERT.databaseLocal()).isTrue();
        assertThat(EffectKind.HTTP.databaseLocal()).isFalse();
        assertThat(EffectKind.ORDER.verb()).isEqualTo("repeats the effect");
        assertThat(EffectKind.of(null)).isNull();
        assertThat(String.valueOf(EffectKind.MESSAGE)).isEqualTo("message");
    }

    @Test
    void regexTermsAreAlternativesPutInTheReadersFrame() {
        Terms retry = new Terms("e", "regex", List.of("retr(y|ies)", "attempt"), null);
        assertThat(retry.regex("(?i).*(%s).*").pattern()).isEqualTo("(?i).*(retr(y|ies)|attempt).*");
        assertThat(retry.regex("(?i).*(%s).*").matcher("maxRetries").matches()).isTrue();
        assertThat(retry.regex("(?i).*(%s).*").matcher("amount").matches()).isFalse();
        assertThat(retry.regex("(?i).*(%s).*")).isSameAs(retry.regex("(?i).*(%s).*"));
        assertThat(retry.has("attempt")).isTrue();
        assertThat(retry.has("attempts")).isFalse();
        assertThatThrownBy(() -> new Terms("e", "regex", List.of("retr(y"), null))
                .hasMessageContaining("'retr(y' is not a regular expression");
        assertThatThrownBy(() -> new Terms("e", "exact", List.of("x"), null).regex("%s"))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void regexVocabulariesHoldTheWordsTheCodeUsedToHardCode() {
        Catalog c = Catalog.builtin();
        assertThat(c).isSameAs(Catalog.builtin());
        // the frame is in the code, the words in the catalog: the composed pattern is the one that was a constant
        assertThat(c.terms(Vocabulary.ROW_KEY_NAMES).regex("(?i)(%s)s?$").pattern())
                .isEqualTo("(?i)(id|sn|no|code|key|number|ref|reference|uuid)s?$");
        assertThat(c.terms(Vocabulary.UNBOUNDED_LIMIT_VALUES).regex("(?s).*(%s).*").pattern())
                .isEqualTo("(?s).*(MAX_VALUE|UNLIMITED_ATTEMPTS|UNLIMITED|Infinity|POSITIVE_INFINITY"
                        + "|NO_MAXIMUM_REDELIVERIES).*");
        assertThat(c.terms(Vocabulary.LUA_LOCK_COMMANDS).regex("(?is)redis\\.call.*(%s)")
                .matcher("return redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', 30000)").find()).isTrue();
        assertThat(c.terms(Vocabulary.CLAIM_OWNER_COLUMNS).regex("(?i)(%s)").matcher("LOCKED_BY").matches()).isTrue();
        assertThat(c.terms(Vocabulary.CLAIM_OWNER_COLUMNS).regex("(?i)(%s)").matcher("member_id").matches()).isFalse();
        assertThat(c.terms(Vocabulary.STATUS_WORDS).regex("^set\\w*(%s)$").pattern()).isEqualTo("^set\\w*(Status|State)$");
        assertThat(c.terms(Vocabulary.IN_DOUBT_PREPARE_CALLS).has("XAResource.prepare")).isTrue();
        assertThat(c.terms(Vocabulary.STORE_REMOVE_CALL_NAMES).regex("(?i)(%s)\\w*").matcher("removeRetryMessage").matches())
                .isTrue();
        for (Vocabulary v : Vocabulary.values()) {
            Terms t = c.terms(v);
            if (t.match().equals("regex")) {
                assertThat(t.regex("(%s)").matcher("").pattern()).as(v.key()).isNotNull();
            }
        }
    }

    @Test
    void retryWordListsMovedOutOfIdem006ReadAsTheirFormerPatterns() {
        Catalog c = Catalog.builtin();
        assertThat(c.terms(Vocabulary.BROKER_SEND_CALL_NAMES).regex("(?i)(%s)\\w*").pattern())
                .isEqualTo("(?i)(send|publish|convertAndSend|produce|scheduleMessage)\\w*");
        assertThat(c.terms(Vocabulary.DELIVERY_COUNT_WORDS).regex("(?i).*(%s).*").pattern()).isEqualTo(
                "(?i).*(retr|attempt|tries|deliveryCount|delivery_count|redeliver|replayCount|replay_count).*");
        assertThat(c.terms(Vocabulary.RETRY_COLUMN_WORDS).regex("(?i)\\b\\w*(%s)\\w*\\s*(<|<=|>|>=|!=)").pattern())
                .isEqualTo("(?i)\\b\\w*(retr|attempt|tries|fail_?(count|times|num)|error_?count"
                        + "|(?<![a-z])try_?(count|times|num))\\w*\\s*(<|<=|>|>=|!=)");
        // a try count is an attempt count, an entry count is not
        java.util.regex.Pattern retryColumn = c.terms(Vocabulary.RETRY_COLUMN_WORDS)
                .regex("(?i)\\b\\w*(%s)\\w*\\s*(<|<=|>|>=|!=)");
        assertThat(retryColumn.matcher("WHERE try_count < 3").find()).isTrue();
        assertThat(retryColumn.matcher("WHERE entry_count < 3").find()).isFalse();
        java.util.regex.Pattern retryName = c.terms(Vocabulary.RETRY_COUNT_NAMES).regex("(?i).*(%s).*");
        assertThat(retryName.matcher("log.getTryCount() >= MAX").matches()).isTrue();
        assertThat(retryName.matcher("incrementTryCount").matches()).isTrue();
        assertThat(retryName.matcher("entryCount > 0").matches()).isFalse();
        assertThat(c.terms(Vocabulary.REDELIVERED_FLAG_CALLS).regex("(?s).*(%s).*").matcher("if (msg.isRedelivered())")
                .matches()).isTrue();
        assertThat(c.terms(Vocabulary.RETRY_POLICY_CALLS).regex("(%s)").matcher("continueOrPropagate").matches())
                .isTrue();
        assertThat(c.terms(Vocabulary.RETRY_POLICY_CALLS).regex("(%s)").matcher("next").matches()).isFalse();
        assertThat(c.terms(Vocabulary.RETRY_POLICY_STEP_CALLS).regex("(%s)").matcher("next").matches()).isTrue();
        assertThat(c.terms(Vocabulary.RETRY_POLICY_RECEIVER_WORDS).has("backoffexecution")).isTrue();
        assertThat(c.terms(Vocabulary.FAILURE_STATES).regex("(%s)").matcher("ERRORED").matches()).isTrue();
        assertThat(c.terms(Vocabulary.COLLECTION_STORE_METHODS).has("offerLast")).isTrue();
        assertThat(c.terms(Vocabulary.COLLECTION_STORE_METHODS).has("send")).isFalse();
    }

    @Test
    void aMissingOrNullTopLevelKeyIsAnErrorNamingIt() throws Exception {
        // issue 15 trial: deleting notEffectTypes was accepted in silence; setting a key to null was an unnamed NPE
        String missing = builtInText().replaceFirst("\"notEffectTypes\": \\[[^\\]]*\\],", "");
        assertThatThrownBy(() -> Catalog.read(stream(missing), "catalog.json"))
                .isInstanceOf(CatalogException.class)
                .hasMessage("catalog.json: missing key 'notEffectTypes' at the top");
        String nulled = builtInText().replaceFirst("\"notEffectTypes\": \\[[^\\]]*\\]", "\"notEffectTypes\": null");
        assertThatThrownBy(() -> Catalog.read(stream(nulled), "catalog.json"))
                .isInstanceOf(CatalogException.class)
                .hasMessage("catalog.json: key 'notEffectTypes' at the top is null (expected a list)");
        String nullVocab = builtInText().replaceFirst("\"vocabularies\": \\{", "\"vocabularies\": null, \"x\": {");
        assertThatThrownBy(() -> Catalog.read(stream(nullVocab), "catalog.json"))
                .isInstanceOf(CatalogException.class).hasMessageContaining("'x'");
    }

    @Test
    void aDeletedVocabularyAndAnUnknownKeyInAnEntryAreCatalogErrors() throws Exception {
        String noLocks = builtInText().replaceFirst("\"lockCalls\"", "\"_comment\": \"x\", \"lockCallz\"");
        assertThatThrownBy(() -> Catalog.read(stream(noLocks), "catalog.json"))
                .isInstanceOf(CatalogException.class)
                .hasMessage("catalog.json: unknown vocabulary 'lockCallz'");
        String bogus = builtInText().replaceFirst("\"kind\": \"http\", \"methods\"", "\"kind\": \"http\", \"bogus\": 1, \"methods\"");
        assertThatThrownBy(() -> Catalog.read(stream(bogus), "catalog.json"))
                .isInstanceOf(CatalogException.class)
                .hasMessage("catalog.json: unknown key 'bogus' at effectTypes[0]");
        String top = builtInText().replaceFirst("\"effectTypes\"", "\"lockApis\": [],\n  \"effectTypes\"");
        assertThatThrownBy(() -> Catalog.read(stream(top), "catalog.json"))
                .isInstanceOf(CatalogException.class)
                .hasMessage("catalog.json: unknown key 'lockApis' at the top");
    }

    @Test
    void commentIsIgnoredInEveryObjectOfTheCatalog() throws Exception {
        // docs/catalog.md: _comment is ignored everywhere; inside a vocabulary it was "unknown key '_comment'"
        String json = builtInText()
                .replaceFirst("\"lockCalls\": \\{", "_c1 \"lockCalls\": {\"_comment\": \"what takes a lock\", ")
                .replaceFirst("_c1 ", "\"_comment\": \"the lists\", ")
                .replaceFirst("\"kind\": \"http\", \"methods\"", "\"kind\": \"http\", \"_comment\": \"REST\", \"methods\"");
        Catalog c = Catalog.read(stream(json), "catalog.json");
        assertThat(c.terms(Vocabulary.LOCK_CALLS).has("tryLock")).isTrue();
        assertThat(c.vocabularies()).doesNotContainKey("_comment");
        assertThat(c).isEqualTo(Catalog.load());
    }

    /** A not-a-give word counts only at the start of a camel-case word: putBack, pushBack, callback are no acks. */
    @Test
    void notGiveWordsMatchWholeCamelCaseWordsNotLettersInsideOne() {
        Terms t = Catalog.load().terms(Vocabulary.NOT_GIVE_WORDS);
        for (String settles : List.of("ack", "ackMessage", "acknowledge", "basicNack", "nack", "sendToDlq",
                "sendToDLQ", "send_to_dlq", "rejectMessage", "markFailed", "pushToDeadLetter", "parkItem")) {
            assertThat(t.beginsAWordOf(settles)).as(settles).isTrue();
        }
        for (String gives : List.of("putBack", "pushBack", "callback", "addCallback", "offerWithFeedback",
                "push", "stackPush", "trackAndSend", "")) {
            assertThat(t.beginsAWordOf(gives)).as(gives).isFalse();
        }
    }

    /**
     * A failure-path exit word names whole camel-case words, the last possibly inflected: park names parkMessage and
     * parked, not sparkline; fail names markAsFailed and onFailure, not failover; two-word terms span words.
     */
    @Test
    void failurePathExitWordsNameWholeWordsNotLettersInsideOne() {
        Terms t = Catalog.load().terms(Vocabulary.FAILURE_PATH_EXIT_WORDS);
        for (String exits : List.of("parkMessage", "parked", "markAsFailed", "onFailure", "fails", "sendToDlq",
                "sendToDLQ", "sendToDeadLetterQueue", "dead_letter", "giveUpOn", "rejected", "skipped", "skipItem",
                "raiseAlert", "alerting", "discardMessage", "quarantine")) {
            assertThat(t.namesWordsOf(exits)).as(exits).isTrue();
        }
        for (String others : List.of("sparkline", "failover", "failoverGateway", "spark", "parkour", "alertness2",
                "skipper", "rejectionist", "")) {
            assertThat(t.namesWordsOf(others)).as(others).isFalse();
        }
    }

    private static String builtInText() throws Exception {
        try (InputStream in = Catalog.class.getResourceAsStream("/io/idemcheck/core/catalog/catalog.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static InputStream stream(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * docs/catalog.md is how a user reads what the tool knows: every vocabulary of the built-in catalog has its row
     * there ({@code | `name` | match | evidence | words |}) with its match kind and its number of words.
     */
    @Test
    void everyVocabularyHasItsRowInTheCatalogDoc() throws Exception {
        String doc = Files.readString(Path.of("../docs/catalog.md"));
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, Terms> e : Catalog.load().vocabularies().entrySet()) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^\\| `" + e.getKey()
                    + "` \\| (\\w+) \\|.*\\| (\\d+) \\|$").matcher(doc);
            if (!m.find()) {
                problems.add(e.getKey() + ": no row");
            } else if (!m.group(1).equals(e.getValue().match())
                    || Integer.parseInt(m.group(2)) != e.getValue().values().size()) {
                problems.add(e.getKey() + ": row says " + m.group(1) + ", " + m.group(2) + " words; the catalog has "
                        + e.getValue().match() + ", " + e.getValue().values().size());
            }
        }
        assertThat(problems).isEmpty();
    }
}
