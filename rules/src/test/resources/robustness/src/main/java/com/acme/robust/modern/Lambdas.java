package com.acme.robust.modern;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/** Lambdas and method references in every position; anonymous, local and inner classes. */
public class Lambdas {
    private final Supplier<String> field = () -> "x";
    private static final Function<String, Integer> LEN = String::length;
    private final Runnable anon = new Runnable() {
        @Override
        public void run() {
            helper(this::toString);
        }
    };

    class Inner {
        int depth() {
            return Lambdas.this.hashCode();
        }

        class Deeper {
            int more() {
                return depth() + 1;
            }
        }
    }

    static class Nested {
        static class Twice { }
    }

    String helper(Supplier<String> s) {
        return s.get();
    }

    Function<Integer, Function<Integer, Integer>> curried() {
        return a -> b -> a + b;
    }

    List<String> all(List<String> xs) {
        record Pair(String a, int b) { }
        class Local implements Comparable<Local> {
            final int v;

            Local(int v) {
                this.v = v;
            }

            @Override
            public int compareTo(Local o) {
                return Integer.compare(v, o.v);
            }
        }
        interface Greeter {
            String hi();
        }
        Greeter g = () -> "hi";
        BiFunction<String, Integer, Pair> mk = Pair::new;
        Lambdas.Nested.Twice twice = new Lambdas.Nested.Twice();
        Lambdas.Inner.Deeper deeper = new Inner().new Deeper();
        Optional.ofNullable(xs).map(List::size).orElseGet(() -> new Local(deeper.more()).v);
        CompletableFuture.supplyAsync(this::toString).thenApply(LEN).thenAccept(n -> helper(() -> "" + n));
        new Thread(() -> {
            synchronized (this) {
                anon.run();
            }
        }).start();
        return xs.stream()
                .filter(((Function<String, Boolean>) s -> !s.isEmpty())::apply)
                .map(s -> mk.apply(s, LEN.apply(s)))
                .sorted(Comparator.comparing(Pair::b).thenComparing(Pair::a, Comparator.reverseOrder()))
                .map(p -> p.a() + g.hi() + twice)
                .collect(Collectors.toList());
    }
}
