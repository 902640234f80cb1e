package dev.quire.layout.internal.zones;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.quire.errors.MalformedFileException;
import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.internal.proto.AggregateSpec;
import dev.quire.layout.internal.proto.NumericalAggregateOpts;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * One aggregate of a {@code vortex.zoned} layout's statistics table, as its metadata names it: an id and options.
 * The table holds one nullable column per aggregate, named by {@link #displayName()}, whose dtype follows from the
 * column's dtype ({@link #tableDType}). See {@code module-layout/docs/zone-maps.md} for what Vortex 0.76 writes.
 *
 * @param kind which aggregate
 * @param skipNans for min, max and sum: whether NaN values are left out (the only setting Vortex writes)
 * @param maxBytes for the bounded min and max: the most bytes a bound may have
 */
public record Aggregate(Kind kind, boolean skipNans, long maxBytes) {

    /** The bytes a bounded string or binary bound is cut to by default, as Vortex 0.76 does. */
    public static final long DEFAULT_BOUND_BYTES = 64;

    /** The aggregates Quire knows, with their wire ids. */
    public enum Kind {
        BOUNDED_MAX("vortex.bounded_max"),
        BOUNDED_MIN("vortex.bounded_min"),
        MAX("vortex.max"),
        MIN("vortex.min"),
        NAN_COUNT("vortex.nan_count"),
        NULL_COUNT("vortex.null_count"),
        SUM("vortex.sum");

        private final String id;

        Kind(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }

        boolean numerical() {
            return this == MAX || this == MIN || this == SUM;
        }

        boolean bounded() {
            return this == BOUNDED_MAX || this == BOUNDED_MIN;
        }
    }

    /** The field names of a bounded maximum's struct: the bound, and whether no bound fits the byte limit. */
    public static final String BOUND = "bound";
    public static final String UNKNOWN = "unknown";

    private static final DType U64 = new DType.Primitive(PType.U64, true);

    public static Aggregate of(Kind kind) {
        return switch (kind) {
            case MAX, MIN, SUM -> new Aggregate(kind, true, 0);
            case BOUNDED_MAX, BOUNDED_MIN -> new Aggregate(kind, false, DEFAULT_BOUND_BYTES);
            case NAN_COUNT, NULL_COUNT -> new Aggregate(kind, false, 0);
        };
    }

    /**
     * Reads a spec of a file's zoned metadata.
     *
     * @throws UnsupportedFeatureException for an aggregate id Quire does not know
     * @throws MalformedFileException for options that do not parse
     */
    public static Aggregate fromSpec(AggregateSpec spec) {
        Kind kind = null;
        for (Kind k : Kind.values()) {
            if (k.id.equals(spec.getId())) {
                kind = k;
            }
        }
        if (kind == null) {
            throw new UnsupportedFeatureException("zone-map aggregate `" + spec.getId()
                    + "` is not known to this version of Quire");
        }
        ByteString options = spec.getOptions();
        if (kind.numerical()) {
            try {
                return new Aggregate(kind, NumericalAggregateOpts.parseFrom(options).getSkipNans(), 0);
            } catch (InvalidProtocolBufferException e) {
                throw new MalformedFileException("invalid options of zone-map aggregate " + kind.id + ": "
                        + e.getMessage());
            }
        }
        if (kind.bounded()) {
            if (options.size() != Long.BYTES) {
                throw new MalformedFileException("zone-map aggregate " + kind.id + " needs 8 bytes of options, not "
                        + options.size());
            }
            long max = options.asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN).getLong();
            if (max <= 0) {
                throw new MalformedFileException("zone-map aggregate " + kind.id + " has a byte limit of "
                        + Long.toUnsignedString(max));
            }
            return new Aggregate(kind, false, max);
        }
        // Counts take no options; Vortex ignores whatever bytes are there, and so does Quire.
        return new Aggregate(kind, false, 0);
    }

    /** This aggregate as a spec of zoned metadata, with the option bytes Vortex writes. */
    public AggregateSpec toSpec() {
        AggregateSpec.Builder b = AggregateSpec.newBuilder().setId(kind.id);
        if (kind.numerical()) {
            b.setOptions(NumericalAggregateOpts.newBuilder().setSkipNans(skipNans).build().toByteString());
        } else if (kind.bounded()) {
            b.setOptions(ByteString.copyFrom(ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN)
                    .putLong(maxBytes).flip()));
        }
        return b.build();
    }

    /** The name of this aggregate's column in the statistics table: {@code vortex.max()}, {@code vortex.bounded_max(64)}. */
    public String displayName() {
        String options;
        if (kind.numerical()) {
            options = skipNans ? "" : "skip_nans=false";
        } else if (kind.bounded()) {
            options = Long.toUnsignedString(maxBytes);
        } else {
            options = "";
        }
        return kind.id + "(" + options + ")";
    }

    /**
     * The dtype of this aggregate's column in the statistics table of a column of {@code column}, or empty when the
     * aggregate does not apply to it. An extension column falls back to its storage dtype for aggregates that do not
     * apply to the extension itself, as Vortex does.
     */
    public Optional<DType> tableDType(DType column) {
        Optional<DType> direct = stateDType(column);
        if (direct.isEmpty() && column instanceof DType.Extension e) {
            direct = stateDType(e.storage());
        }
        return direct.map(d -> d.withNullable(true));
    }

    private Optional<DType> stateDType(DType column) {
        return switch (kind) {
            case MAX, MIN, BOUNDED_MIN -> minMaxApplies(column) ? Optional.of(column) : Optional.empty();
            case BOUNDED_MAX -> minMaxApplies(column)
                    ? Optional.of(new DType.Struct(List.of(new Field(BOUND, column.withNullable(true)),
                            new Field(UNKNOWN, new DType.Bool(false))), true))
                    : Optional.empty();
            case NULL_COUNT -> Optional.of(U64);
            case NAN_COUNT -> column instanceof DType.Primitive p && p.ptype().isFloat()
                    ? Optional.of(U64) : Optional.empty();
            case SUM -> sumType(column);
        };
    }

    /** Min and max apply to booleans, numbers, decimals, strings, bytes and extensions (not to nulls or structs). */
    static boolean minMaxApplies(DType column) {
        return switch (column) {
            case DType.Bool b -> true;
            case DType.Primitive p -> true;
            case DType.Decimal d -> true;
            case DType.Utf8 u -> true;
            case DType.Binary b -> true;
            case DType.Extension e -> true;
            case DType.Null n -> false;
            case DType.Struct s -> false;
        };
    }

    /**
     * What Vortex sums a dtype into: u64 for booleans and unsigned integers, i64 for signed ones, f64 for floats, and
     * a decimal ten digits wider (at most 76) of the same scale for decimals.
     */
    public static Optional<DType> sumType(DType column) {
        return switch (column) {
            case DType.Bool b -> Optional.of(U64);
            case DType.Primitive p when p.ptype().isFloat() -> Optional.of(new DType.Primitive(PType.F64, true));
            case DType.Primitive p when p.ptype().isUnsigned() -> Optional.of(U64);
            case DType.Primitive p -> Optional.of(new DType.Primitive(PType.I64, true));
            case DType.Decimal d -> Optional.of(new DType.Decimal(
                    Math.min(DType.Decimal.MAX_PRECISION, d.precision() + 10), d.scale(), true));
            default -> Optional.empty();
        };
    }

    /**
     * The aggregates Vortex 0.76's writer keeps for a column of {@code column}, before it drops those whose column
     * is null in every zone: bounded max and min (64 bytes) for strings and bytes, max and min otherwise, then sum,
     * NaN count and null count, each only where it applies; sorted by display name.
     */
    public static List<Aggregate> defaults(DType column) {
        boolean varlen = column instanceof DType.Utf8 || column instanceof DType.Binary;
        List<Aggregate> candidates = new ArrayList<>();
        candidates.add(of(varlen ? Kind.BOUNDED_MAX : Kind.MAX));
        candidates.add(of(varlen ? Kind.BOUNDED_MIN : Kind.MIN));
        // Vortex offers a sum only when the column's own dtype has one (no storage fallback here).
        if (sumType(column).isPresent()) {
            candidates.add(of(Kind.SUM));
        }
        candidates.add(of(Kind.NAN_COUNT));
        candidates.add(of(Kind.NULL_COUNT));
        List<Aggregate> out = new ArrayList<>();
        for (Aggregate a : candidates) {
            if (a.tableDType(column).isPresent()) {
                out.add(a);
            }
        }
        out.sort(Comparator.comparing(Aggregate::displayName));
        return List.copyOf(out);
    }

    /**
     * The dtype of the statistics table of a column of {@code column} with these aggregates: a non-nullable struct
     * with one field per aggregate that applies, in the given order, named by display name.
     */
    public static DType.Struct tableDType(DType column, List<Aggregate> aggregates) {
        List<Field> fields = new ArrayList<>();
        for (Aggregate a : aggregates) {
            a.tableDType(column).ifPresent(d -> fields.add(new Field(a.displayName(), d)));
        }
        return new DType.Struct(fields, false);
    }
}
