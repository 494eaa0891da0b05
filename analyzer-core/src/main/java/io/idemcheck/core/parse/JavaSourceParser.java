package io.idemcheck.core.parse;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.Problem;
import com.github.javaparser.ast.CompilationUnit;
import io.idemcheck.core.discovery.SourceFile;
import io.idemcheck.core.facts.FileFacts;
import io.idemcheck.core.finding.Diagnostic;

import io.idemcheck.core.source.SourceText;
import io.idemcheck.core.util.Texts;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads and parses one Java file and reduces it to facts. Text is decoded by {@link SourceText}: UTF-8; a file that
 * is not valid UTF-8 is read as ISO-8859-1 instead (with a diagnostic), never dropped. One instance per thread (JavaParser is not
 * thread-safe).
 */
public final class JavaSourceParser {

    /** The newest language level JavaParser 3.28 supports. */
    public static final ParserConfiguration.LanguageLevel LANGUAGE_LEVEL = ParserConfiguration.LanguageLevel.JAVA_25;

    private final JavaParser parser;

    public JavaSourceParser() {
        this.parser = new JavaParser(configuration());
    }

    /**
     * The parser settings of every scan (a new object per call: JavaParser is not thread-safe), with the language
     * level's checks run in one walk of the tree ({@link OneWalkValidation}). The benchmark's parse floor
     * ({@link ParseFloor}) parses with exactly these.
     */
    public static ParserConfiguration configuration() {
        ParserConfiguration c = stockConfiguration();
        OneWalkValidation.install(c);
        return c;
    }

    /**
     * The same settings with JavaParser's own language-level checks, which walk the tree once per check; they find the
     * same problems as {@link #configuration()}'s ({@link OneWalkValidation}), only slower. For tests and the
     * benchmark's stock parse floor.
     */
    public static ParserConfiguration stockConfiguration() {
        return new ParserConfiguration()
                .setLanguageLevel(LANGUAGE_LEVEL)
                .setAttributeComments(false)
                .setStoreTokens(true)
                .setLexicalPreservationEnabled(false);
    }

    /**
     * The outcome of one file.
     *
     * @param facts       the facts, or null when the file could not be parsed or read
     * @param diagnostics problems met (parse error, unreadable file, charset fallback)
     */
    public record Result(FileFacts facts, List<Diagnostic> diagnostics) {
    }

    /** Parses {@code file}; never throws for bad input. */
    public Result parse(SourceFile file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file.path());
        } catch (IOException e) {
            return unreadable(file, e);
        }
        return parse(file, bytes);
    }

    /** The outcome of a file that could not be read: no facts, an IO_ERROR diagnostic. */
    public static Result unreadable(SourceFile file, IOException e) {
        return new Result(null, List.of(new Diagnostic(Diagnostic.Kind.IO_ERROR, file.relPath(), 0, 0,
                String.valueOf(e.getMessage()))));
    }

    /** Parses {@code file} whose content is {@code bytes} (already read); never throws for bad input. */
    public Result parse(SourceFile file, byte[] bytes) {
        List<Diagnostic> diags = new ArrayList<>();
        SourceText source = SourceText.decode(bytes);
        Diagnostic fallback = source.fallbackDiagnostic(file.relPath());
        if (fallback != null) {
            diags.add(fallback);
        }
        String text = source.text();
        try {
            ParseResult<CompilationUnit> pr = parser.parse(text);
            if (!pr.isSuccessful() || pr.getResult().isEmpty()) {
                Problem p = pr.getProblems().isEmpty() ? null : pr.getProblems().get(0);
                int line = 0;
                int col = 0;
                if (p != null && p.getLocation().isPresent()) {
                    var b = p.getLocation().get().getBegin().getRange();
                    if (b.isPresent()) {
                        line = b.get().begin.line;
                        col = b.get().begin.column;
                    }
                }
                String msg = p == null ? "unknown parse error" : parseMessage(p.getVerboseMessage());
                java.util.regex.Matcher lexical = LEXICAL_ERROR.matcher(msg);
                if (line == 0 && lexical.matches()) { // a lexical error has no location but its message says it
                    line = Integer.parseInt(lexical.group(1));
                    col = Integer.parseInt(lexical.group(2));
                    msg = "lexical error: " + lexical.group(3).strip();
                }
                diags.add(new Diagnostic(Diagnostic.Kind.PARSE_ERROR, file.relPath(), line, col, msg));
                return new Result(null, diags);
            }
            FileFacts facts = FactExtractor.extract(pr.getResult().get(), file.path(), file.relPath(), file.test());
            return new Result(facts, diags);
        } catch (StackOverflowError e) {
            // a parser limit, not a bug: an expression or statement nested deeper than the parser's recursion allows
            diags.add(new Diagnostic(Diagnostic.Kind.PARSE_ERROR, file.relPath(), 0, 0, "nested too deeply to parse "
                    + "(the parser's stack overflowed); the file is not analysed"));
            return new Result(null, diags);
        } catch (RuntimeException e) {
            diags.add(new Diagnostic(Diagnostic.Kind.INTERNAL_ERROR, file.relPath(), 0, 0,
                    "could not analyse: " + e.getClass().getSimpleName() + ": " + firstLine(String.valueOf(e.getMessage()))));
            return new Result(null, diags);
        }
    }

    /** JavaParser's {@code Lexical error at line 4, column 20.  Encountered: "#" (35), after : ""}. */
    private static final java.util.regex.Pattern LEXICAL_ERROR = java.util.regex.Pattern.compile(
            "(?s)Lexical error at line (\\d+), column (\\d+)\\.\\s*(.*)");

    /** JavaParser's "(line 2,col 35) Parse error. Found ";", expected one of "!" "(" ..." (60 tokens). */
    private static final java.util.regex.Pattern PARSE_ERROR = java.util.regex.Pattern.compile(
            "(?s)\\s*(?:\\(line \\d+,\\s*col \\d+\\)\\s*)?Parse error\\.\\s*Found\\s+(.+?),\\s*expected\\s+(one of\\s+)?(.*)");

    /** One quoted token of the expected list: {@code ";"}, {@code "\"\"\""} (a text block's quotes). */
    private static final java.util.regex.Pattern EXPECTED_TOKEN = java.util.regex.Pattern.compile(
            "\"((?:[^\"\\\\]|\\\\.|\"\"\")*?)\"(?=\\s|$)");

    /**
     * A parse problem in a few words: {@code found ";" where the parser expected one of 61 tokens ("!", "(", "+",
     * ...)} for JavaParser's {@code (line 2,col 35) Parse error. Found ";", expected one of "!" "(" ...}; the
     * position is dropped (the diagnostic carries it) and a long list of expected tokens is cut to its first three
     * with the count. A message of another shape is its first line, at most 300 characters.
     */
    static String parseMessage(String verbose) {
        String line = Texts.firstLine(verbose == null ? "" : verbose);
        java.util.regex.Matcher m = PARSE_ERROR.matcher(line);
        if (!m.matches()) {
            return firstLine(line);
        }
        List<String> tokens = new java.util.ArrayList<>();
        java.util.regex.Matcher t = EXPECTED_TOKEN.matcher(m.group(3));
        while (t.find()) {
            tokens.add("\"" + t.group(1) + "\"");
        }
        String expected;
        if (tokens.isEmpty()) {
            expected = firstLine(m.group(3).trim());
        } else if (tokens.size() == 1) {
            expected = tokens.get(0);
        } else if (tokens.size() <= 4) {
            expected = "one of " + String.join(", ", tokens);
        } else {
            expected = "one of " + tokens.size() + " tokens (" + String.join(", ", tokens.subList(0, 3)) + ", ...)";
        }
        return "found " + m.group(1).trim() + " where the parser expected " + expected;
    }

    private static String firstLine(String s) {
        String line = Texts.firstLine(s);
        return line.length() > 300 ? line.substring(0, 300) + "..." : line;
    }
}
