package io.idemcheck.core.parse;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ast.CompilationUnit;
import io.idemcheck.core.discovery.SourceDiscovery;
import io.idemcheck.core.discovery.SourceFile;
import io.idemcheck.core.source.SourceText;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The floors a scan is measured against in {@code bench/real-code-benchmark.sh} (not part of a scan):
 * {@code io} reads and decodes every Java file the engine would read, {@code parse} also parses each with the
 * engine's own JavaParser settings ({@link JavaSourceParser#configuration()}), on one thread per core like the
 * engine, and keeps nothing; {@code parse-stock} parses with the same settings but JavaParser's own language-level
 * checks, one tree walk per check ({@link JavaSourceParser#stockConfiguration()}), the floor of a tool that uses
 * JavaParser as it comes. Usage: {@code java -cp idemcheck-cli-*-all.jar io.idemcheck.core.parse.ParseFloor
 * io|parse|parse-stock PATH...}; prints one line: files, lines, failed parses. Exit code 2 on a usage error.
 */
public final class ParseFloor {

    private ParseFloor() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2 || !(args[0].equals("io") || args[0].equals("parse") || args[0].equals("parse-stock"))) {
            System.err.println("usage: ParseFloor io|parse|parse-stock PATH...");
            System.exit(2);
        }
        boolean parse = !args[0].equals("io");
        boolean stock = args[0].equals("parse-stock");
        List<Path> roots = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            roots.add(Path.of(args[i]).toAbsolutePath().normalize());
        }
        List<SourceFile> java = SourceDiscovery.discover(roots, roots.get(0)).stream()
                .filter(f -> f.kind() == SourceFile.Kind.JAVA).toList();
        int threads = Runtime.getRuntime().availableProcessors();
        ThreadLocal<JavaParser> parsers = ThreadLocal.withInitial(() -> new JavaParser(
                stock ? JavaSourceParser.stockConfiguration() : JavaSourceParser.configuration()));
        AtomicLong lines = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (SourceFile f : java) {
                futures.add(pool.submit(() -> {
                    String text;
                    try {
                        text = SourceText.read(f.path()).text();
                    } catch (IOException e) {
                        failed.incrementAndGet();
                        return;
                    }
                    lines.addAndGet(text.lines().count());
                    if (parse) {
                        try {
                            ParseResult<CompilationUnit> r = parsers.get().parse(text);
                            if (!r.isSuccessful()) {
                                failed.incrementAndGet();
                            }
                        } catch (RuntimeException | StackOverflowError e) {
                            failed.incrementAndGet();
                        }
                    }
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        System.out.println(args[0] + ": " + java.size() + " files, " + lines.get() + " lines, " + failed.get()
                + (parse ? " not parsed" : " not read"));
    }
}
