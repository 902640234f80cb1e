package dev.quire.encodings.internal.compress;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.ExtensionArray;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.spi.ArrayCompressor;
import dev.quire.layout.spi.Plugins;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * A BtrBlocks-style compressor, the writer's {@link ArrayCompressor}: for each array (a chunk), it takes a sample
 * (about 1%, see {@link Sampler}), estimates the compressed size under every {@link Scheme} of the array's
 * {@link ValueClass} that applies and fits the decode-cost budget, and compresses the whole array with the one that
 * makes the sample smallest, if any makes it smaller than it is. Schemes compress their children through the
 * {@link CompressionContext}, a level deeper, up to {@link #maxLevels()} levels; a scheme is not used again below
 * itself. Structs are compressed field by field and extension types through their storage, unless a scheme of their
 * own class wins.
 *
 * <p>Stateless and thread-safe.
 */
public final class Compressor implements ArrayCompressor {
    public static final String ID = "quire.btrblocks";
    /** Cascade depth: a chunk's scheme, its children's, and their children's. */
    public static final int DEFAULT_MAX_LEVELS = 3;
    /** The decode cost allowed along one cascade (see {@link Scheme#decodeCost()}). */
    public static final int DEFAULT_DECODE_BUDGET = 8;

    private final Map<ValueClass, List<Scheme>> schemes;
    private final int maxLevels;
    private final int decodeBudget;

    /**
     * Every scheme of this module, integers first. Listed here rather than found through a service: schemes are
     * internal to the module, not something other modules provide, and a fixed list is the same on the module path
     * and the class path. The compressor tries them in id order, so this order does not change what it writes.
     */
    static final List<Scheme> SCHEMES = List.of(
            new ConstantScheme(),
            new SequenceScheme(),
            new BitPackingScheme(),
            new FrameOfReferenceScheme(),
            new RunEndScheme(),
            new SparseScheme(),
            new ZigZagScheme(),
            new AlpScheme(),
            new AlpRdScheme(),
            new FsstScheme(),
            new DecimalBytePartsScheme(),
            new DateTimePartsScheme());

    /** The compressor with every scheme of this module ({@link #SCHEMES}), with the defaults. */
    public Compressor() {
        this(SCHEMES, DEFAULT_MAX_LEVELS, DEFAULT_DECODE_BUDGET);
    }

    /** A compressor choosing among {@code schemes} (tried in id order), with the given limits. */
    public Compressor(List<? extends Scheme> schemes, int maxLevels, int decodeBudget) {
        if (maxLevels < 1) {
            throw new InvalidArgumentException("maxLevels must be positive, got " + maxLevels);
        }
        if (decodeBudget < 0) {
            throw new InvalidArgumentException("decodeBudget must not be negative, got " + decodeBudget);
        }
        Map<ValueClass, List<Scheme>> byClass = new EnumMap<>(ValueClass.class);
        for (ValueClass c : ValueClass.values()) {
            byClass.put(c, new ArrayList<>());
        }
        List<Scheme> sorted = new ArrayList<>(schemes);
        sorted.sort(Comparator.comparing(Scheme::id));
        for (Scheme s : sorted) {
            for (ValueClass c : s.valueClasses()) {
                byClass.get(c).add(s);
            }
        }
        byClass.replaceAll((c, list) -> List.copyOf(list));
        this.schemes = byClass;
        this.maxLevels = maxLevels;
        this.decodeBudget = decodeBudget;
    }

    @Override
    public String id() {
        return ID;
    }

    /** The deepest cascade this compressor builds. */
    public int maxLevels() {
        return maxLevels;
    }

    /** The schemes this compressor tries for arrays of {@code valueClass}, in the order it tries them. */
    public List<Scheme> schemes(ValueClass valueClass) {
        return schemes.get(valueClass);
    }

    @Override
    public Array compress(Array array, Plugins plugins) {
        return compress(array, new CompressionContext(this, plugins, 0, decodeBudget, false, Set.of()));
    }

    /** Compresses {@code array} at the point {@code ctx} describes. */
    Array compress(Array array, CompressionContext ctx) {
        if (array.length() == 0 || !isCanonical(array)) {
            // Nothing to gain, or already encoded (a strategy's own array): written as given.
            return array;
        }
        return compressChosen(array, choose(array, ctx), ctx);
    }

    /** {@code array} compressed with the scheme {@code choice} found for it at {@code ctx}. */
    private Array compressChosen(Array array, Choice choice, CompressionContext ctx) {
        if (choice.winner() == null) {
            return descend(array, ctx);
        }
        Optional<Array> compressed = choice.winner().compress(array, ctx.below(choice.winner()));
        return compressed.isPresent() ? compressed.get() : descend(array, ctx);
    }

    @Override
    public long estimateSize(Array array, Plugins plugins) {
        return estimate(array, plugins).bytes();
    }

    /** The estimate of {@link #estimateSize}, keeping the choice (and the statistics) for compressing afterwards. */
    @Override
    public Estimate estimate(Array array, Plugins plugins) {
        if (array.length() == 0 || !isCanonical(array)) {
            return new Chosen(array, null, null, plugins.encode(array).byteSize(), array);
        }
        CompressionContext ctx = new CompressionContext(this, plugins, 0, decodeBudget, false, Set.of());
        Choice choice = choose(array, ctx);
        if (choice.bytes() < 0) {
            Array descended = descend(array, ctx);
            return new Chosen(array, ctx, choice, plugins.encode(descended).byteSize(), descended);
        }
        if (choice.sampleLength() == array.length()) {
            return new Chosen(array, ctx, choice, choice.bytes(), null);
        }
        // Scaled from the sample; a scheme whose size does not grow with the rows (sequence, constant) is not.
        boolean fixed = choice.winner() instanceof SequenceScheme || choice.winner() instanceof ConstantScheme;
        long bytes = fixed ? choice.bytes() : (long) ((double) choice.bytes() * array.length() / choice.sampleLength());
        return new Chosen(array, ctx, choice, bytes, null);
    }

    /**
     * An estimate with what it chose: compressing goes on from the choice as {@link #compress(Array, Plugins)} does from its
     * own (the same, since choosing is deterministic), or returns the array already compressed to measure it.
     */
    private final class Chosen implements Estimate {
        private final Array array;
        private final CompressionContext ctx;
        private final Choice choice;
        private final long bytes;
        private Array compressed;

        Chosen(Array array, CompressionContext ctx, Choice choice, long bytes, Array compressed) {
            this.array = array;
            this.ctx = ctx;
            this.choice = choice;
            this.bytes = bytes;
            this.compressed = compressed;
        }

        @Override
        public long bytes() {
            return bytes;
        }

        @Override
        public Array compress() {
            if (compressed == null) {
                compressed = compressChosen(array, choice, ctx);
            }
            return compressed;
        }
    }

    /**
     * The scheme that makes a sample of {@code array} smallest (null when none beats the sample as it is) and the
     * sample's size with it (-1 when no scheme was even a candidate).
     */
    private record Choice(Scheme winner, long bytes, long sampleLength) {}

    private Choice choose(Array array, CompressionContext ctx) {
        Optional<ValueClass> valueClass = ValueClass.of(array.dtype());
        List<Scheme> candidates = new ArrayList<>();
        if (valueClass.isPresent() && ctx.level() < maxLevels) {
            for (Scheme s : schemes.get(valueClass.get())) {
                if (!ctx.excluded().contains(s.id()) && s.decodeCost() <= ctx.budget() && s.applies(array, ctx)) {
                    candidates.add(s);
                }
            }
        }
        Array sample = ctx.sampling() || candidates.isEmpty() ? array : Sampler.sample(array);
        CompressionContext sampleCtx = ctx.asSampling();
        if (candidates.isEmpty()) {
            return new Choice(null, -1, array.length());
        }
        // The bar to beat: the sample as it would be written without a scheme of its own.
        long best = ctx.byteSize(descend(sample, sampleCtx));
        Scheme winner = null;
        for (Scheme s : candidates) {
            OptionalLong estimate = s.estimate(sample, sampleCtx.below(s));
            if (estimate.isPresent() && estimate.getAsLong() < best) {
                best = estimate.getAsLong();
                winner = s;
            }
        }
        return new Choice(winner, best, sample.length());
    }

    /** Whether {@code array} is one of the canonical array classes, without decoding anything to find out. */
    private static boolean isCanonical(Array array) {
        return switch (array) {
            case PrimitiveArray p -> true;
            case BoolArray b -> true;
            case VarBinViewArray v -> true;
            case DecimalArray d -> true;
            case StructArray s -> true;
            case ExtensionArray e -> true;
            default -> false;
        };
    }

    /** Compresses the parts of arrays whose values have no class of their own: struct fields, extension storage. */
    private Array descend(Array array, CompressionContext ctx) {
        return switch (array) {
            case StructArray s -> {
                List<Array> fields = new ArrayList<>(s.fields().size());
                boolean changed = false;
                for (Array f : s.fields()) {
                    Array c = compress(f, ctx);
                    changed |= c != f;
                    fields.add(c);
                }
                yield changed ? new StructArray(s.dtype(), fields, s.length(), s.validity()) : s;
            }
            case ExtensionArray e -> {
                Array storage = compress(e.storage(), ctx);
                yield storage == e.storage() ? e : new ExtensionArray(e.dtype(), storage);
            }
            default -> array;
        };
    }
}
