package dev.quire.bench.runner.protocol;

import dev.quire.bench.runner.queries.Queries;
import dev.quire.bench.runner.spi.Engine;
import dev.quire.bench.runner.spi.Engines;
import dev.quire.bench.runner.spi.Query;

/**
 * The session's engine and query, re-created in a child JVM from the names and classes its arguments carry: the
 * standard ones where they are those, else new instances of public classes through their public no-argument
 * constructors.
 */
final class Recreated {
    private Recreated() {}

    /**
     * The engine on the path ({@link Engines#discovered()}) of class {@code className}, else a new instance of that
     * class through its public no-argument constructor. Its name must be {@code name}.
     */
    static Engine engine(String name, String className) {
        Engine engine = Engines.discovered().stream()
                .filter(e -> e.getClass().getName().equals(className) && e.name().equals(name))
                .findFirst()
                .orElseGet(() -> instantiate(Engine.class, "engine", name, className));
        return checkName("engine", engine, engine.name(), name);
    }

    /**
     * The standard query named {@code name} when its class is {@code className}, else a new instance of that class
     * through its public no-argument constructor.
     */
    static Query query(String name, String className) {
        Query query = Queries.all().stream()
                .filter(q -> q.name().equals(name) && q.getClass().getName().equals(className))
                .findFirst()
                .orElseGet(() -> instantiate(Query.class, "query", name, className));
        return checkName("query", query, query.name(), name);
    }

    private static <T> T checkName(String what, T item, String actual, String expected) {
        if (!actual.equals(expected)) {
            throw new IllegalStateException("the " + what + " re-created from " + item.getClass().getName()
                    + " is named '" + actual + "', not '" + expected + "'");
        }
        return item;
    }

    private static <T> T instantiate(Class<T> type, String what, String name, String className) {
        try {
            Class<?> c = Class.forName(className, true, Recreated.class.getClassLoader());
            return type.cast(c.getConstructor().newInstance());
        } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
            throw new IllegalStateException("cannot re-create " + what + " '" + name + "' in the child JVM: it is "
                    + "neither a standard " + what + " nor an instance of a public class with a public no-argument "
                    + "constructor (" + className + ": " + e + "); use --in-process to run it", e);
        }
    }
}
