package com.acme.robust.modern;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/** Records, sealed types, enums with bodies, switch expressions and patterns, text blocks, var, generics. */
public sealed interface Shapes permits Shapes.Circle, Shapes.Square, Shapes.Other {

    record Circle(double r) implements Shapes {
        public Circle {
            if (r < 0) {
                throw new IllegalArgumentException("r");
            }
        }
    }

    record Square(double side) implements Shapes { }

    non-sealed class Other implements Shapes { }

    enum Op {
        ADD {
            @Override
            int apply(int a, int b) {
                return a + b;
            }
        },
        MUL {
            @Override
            int apply(int a, int b) {
                return a * b;
            }
        };

        abstract int apply(int a, int b);
    }

    static double area(Shapes s) {
        return switch (s) {
            case Circle c when c.r() > 10 -> Math.PI * c.r() * c.r();
            case Circle(double r) -> Math.PI * r * r;
            case Square sq -> sq.side() * sq.side();
            case Other o -> 0;
        };
    }

    static String describe(Object o) {
        if (o instanceof String str && !str.isEmpty()) {
            return str;
        }
        var sql = """
                SELECT id
                  FROM t_task
                 WHERE status = 'PENDING'
                """;
        var text = switch (o.hashCode() % 3) {
            case 0 -> "zero";
            case 1 -> {
                yield "one";
            }
            default -> sql;
        };
        return text;
    }

    static <T extends Comparable<? super T> & java.io.Serializable> T max(List<? extends T> xs) {
        T best = null;
        for (T x : xs) {
            best = best == null || x.compareTo(best) > 0 ? x : best;
        }
        return best;
    }

    static <K, V> Map<K, List<? super V>> widen(Map<K, List<? super V>> m) {
        return m;
    }

    static Object casts(Object o) {
        return (Runnable & java.io.Serializable) () -> System.out.println(o);
    }
}
