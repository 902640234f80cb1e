package dev.quire.bench.runner.queries;

import dev.quire.bench.runner.spi.Batch;
import dev.quire.bench.runner.spi.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The sinks of one {@link Table#scanConcurrently} call: each sink the engine takes gets a state of its own, which only
 * that sink's thread touches; once the scan returns, {@link #states()} are merged into the result.
 *
 * @param <S> a sink's partial result
 */
final class PerSink<S> implements Supplier<Consumer<Batch>> {
    private final Supplier<S> newState;
    private final BiConsumer<S, Batch> add;
    private final List<S> states = new ArrayList<>();

    PerSink(Supplier<S> newState, BiConsumer<S, Batch> add) {
        this.newState = newState;
        this.add = add;
    }

    /** A new sink with a new state; engines may call it from several threads at once. */
    @Override
    public synchronized Consumer<Batch> get() {
        S state = newState.get();
        states.add(state);
        return batch -> add.accept(state, batch);
    }

    /** The states of every sink taken, in the order they were taken; call it once the scan has returned. */
    synchronized List<S> states() {
        return List.copyOf(states);
    }
}
