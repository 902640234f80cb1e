package dev.quire.bench.runner;

import dev.quire.bench.runner.queries.Queries;
import dev.quire.bench.runner.spi.Engine;
import dev.quire.bench.runner.spi.Engines;
import dev.quire.bench.runner.spi.Query;
import dev.quire.errors.InvalidArgumentException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * The engines and queries a session can run. {@link #standard()} takes the engines on the path
 * ({@link Engines#discovered()}) and the TPC-H queries of {@code dev.quire.bench.runner.queries.Queries}; tests build
 * their own.
 *
 * <p>A child JVM re-creates the session's engine and query from their names and classes, so an engine or query given
 * here directly must be either the standard one of its name or a public class with a public no-argument constructor;
 * otherwise only {@code --in-process} can run it.
 *
 * @param engines the engines, names unique
 * @param queries the queries, names unique
 */
public record Workload(List<Engine> engines, List<Query> queries) {
    public Workload {
        engines = List.copyOf(engines);
        queries = List.copyOf(queries);
        unique("engine", engines, Engine::name);
        unique("query", queries, Query::name);
    }

    private static <T> void unique(String what, List<T> items, Function<T, String> name) {
        Set<String> seen = new HashSet<>();
        for (T item : items) {
            if (!seen.add(name.apply(item))) {
                throw new InvalidArgumentException("two " + what + "s are named '" + name.apply(item) + "'");
            }
        }
    }

    /** Every engine on the module or class path and the standard queries. */
    public static Workload standard() {
        return new Workload(discoveredEngines(), standardQueries());
    }

    /**
     * The engines and queries named, in the order named; an empty list selects all of them, in their own order. An
     * unknown name fails with the names that are available.
     */
    public Workload select(List<String> engineNames, List<String> queryNames) {
        return new Workload(pick("engine", "--engines", engines, Engine::name, engineNames),
                pick("query", "--queries", queries, Query::name, queryNames));
    }

    private static <T> List<T> pick(String what, String option, List<T> items, Function<T, String> name,
            List<String> names) {
        if (names.isEmpty()) {
            return items;
        }
        List<T> picked = new ArrayList<>();
        for (String n : names) {
            T found = items.stream().filter(i -> name.apply(i).equals(n)).findFirst().orElseThrow(() ->
                    new InvalidArgumentException(option + ": no " + what + " named '" + n + "'; available: "
                            + (items.isEmpty() ? "none" : String.join(", ", items.stream().map(name).toList()))));
            picked.add(found);
        }
        return picked;
    }

    /** The engines on the path ({@link Engines#discovered()}). */
    public static List<Engine> discoveredEngines() {
        return Engines.discovered();
    }

    /** The standard TPC-H queries ({@link Queries#all()}). */
    public static List<Query> standardQueries() {
        return Queries.all();
    }
}
