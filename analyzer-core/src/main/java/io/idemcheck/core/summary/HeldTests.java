package io.idemcheck.core.summary;

import io.idemcheck.core.facts.FileFacts;

import java.util.List;
import java.util.Set;

/**
 * The test source files a scan held back from its first parse, parsed only when a rule's test evidence asks for them.
 *
 * <p>Test code under {@code src/test/} matters to the analysis only through {@link TestEvidence}: which tests run a
 * job, and how. Main code never calls into test code (a call dispatches to main-code implementations only), so the
 * main analysis needs none of it, and a test can run a method only by naming it, or by naming a test method or type
 * that does. The engine therefore parses such a file only when its text names one of the identifiers the question
 * is about ({@link #filesNaming}). A test file whose text holds the suppression word ({@code idemcheck}: a suppression
 * comment or annotation, the runtime-test harness) is never held back.
 */
public interface HeldTests {

    /** Number of test files held back from the first parse (0: every test file was parsed with the main code). */
    int held();

    /**
     * The first parse's files plus every held test file whose text contains one of {@code words} as a Java identifier
     * (comments and strings count: the match only has to be a superset), then every held file naming a type or method
     * a parsed test file declares, or declaring a type a parsed test file's text names (a test base class, the type of
     * an inherited field or of a helper's result: a parsed test's calls resolve through it), and so on until no file
     * is added. When no parsed file is test code, held files are parsed in path order until one parses (whether the
     * scan has test sources is whether one parses). A held file is parsed once per scan however often it is asked
     * for; its parse diagnostics join the scan's. Thread-safe.
     *
     * @param words identifiers (method names, simple type names), compared exactly
     * @return the facts of the files, in the scan's path order (the order of the first parse's files, held files
     *         merged in where discovery found them); a held file that did not parse is left out
     */
    List<FileFacts> filesNaming(Set<String> words);
}
