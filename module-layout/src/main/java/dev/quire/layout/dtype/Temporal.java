package dev.quire.layout.dtype;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.MalformedFileException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The temporal extension types Vortex writes for Arrow dates, times and timestamps: {@code vortex.date} (i32 days or
 * i64 milliseconds), {@code vortex.time} (i32 seconds or milliseconds, i64 micro- or nanoseconds) and
 * {@code vortex.timestamp} (i64 in a unit, with an optional time zone). The metadata is the unit's code byte; for
 * timestamps it is followed by a u16 little-endian zone length and the zone's UTF-8 name.
 */
public final class Temporal {
    public static final String DATE_ID = "vortex.date";
    public static final String TIME_ID = "vortex.time";
    public static final String TIMESTAMP_ID = "vortex.timestamp";

    /** What a temporal extension dtype means. {@code zone} is empty for dates, times and zone-less timestamps. */
    public record Kind(String id, TimeUnit unit, Optional<String> zone) {}

    private Temporal() {}

    public static DType.Extension date(TimeUnit unit, boolean nullable) {
        PType storage = switch (unit) {
            case DAYS -> PType.I32;
            case MILLISECONDS -> PType.I64;
            default -> throw new InvalidArgumentException("dates are in days or milliseconds, not " + unit);
        };
        return new DType.Extension(DATE_ID, new DType.Primitive(storage, nullable), new byte[] {(byte) unit.code()});
    }

    public static DType.Extension time(TimeUnit unit, boolean nullable) {
        PType storage = switch (unit) {
            case SECONDS, MILLISECONDS -> PType.I32;
            case MICROSECONDS, NANOSECONDS -> PType.I64;
            case DAYS -> throw new InvalidArgumentException("times of day cannot be in days");
        };
        return new DType.Extension(TIME_ID, new DType.Primitive(storage, nullable), new byte[] {(byte) unit.code()});
    }

    public static DType.Extension timestamp(TimeUnit unit, Optional<String> zone, boolean nullable) {
        if (unit == TimeUnit.DAYS) {
            throw new InvalidArgumentException("timestamps cannot be in days");
        }
        byte[] name = zone.orElse("").getBytes(StandardCharsets.UTF_8);
        if (name.length > 0xFFFF) {
            throw new InvalidArgumentException("time zone name too long");
        }
        byte[] meta = new byte[3 + name.length];
        meta[0] = (byte) unit.code();
        meta[1] = (byte) name.length;
        meta[2] = (byte) (name.length >>> 8);
        System.arraycopy(name, 0, meta, 3, name.length);
        return new DType.Extension(TIMESTAMP_ID, new DType.Primitive(PType.I64, nullable), meta);
    }

    /** The temporal meaning of an extension dtype, or empty when it is not one of the three temporal ids. */
    public static Optional<Kind> kind(DType.Extension ext) {
        String id = ext.id();
        if (!id.equals(DATE_ID) && !id.equals(TIME_ID) && !id.equals(TIMESTAMP_ID)) {
            return Optional.empty();
        }
        byte[] meta = ext.metadata();
        if (meta.length < 1) {
            throw new MalformedFileException(id + " extension metadata is empty");
        }
        TimeUnit unit = TimeUnit.fromCode(Byte.toUnsignedInt(meta[0]));
        if (!id.equals(TIMESTAMP_ID) && meta.length != 1) {
            throw new MalformedFileException(id + " metadata must be one unit byte, got " + meta.length + " bytes");
        }
        Optional<String> zone = Optional.empty();
        if (id.equals(TIMESTAMP_ID)) {
            int len = meta.length < 3 ? -1 : Byte.toUnsignedInt(meta[1]) | Byte.toUnsignedInt(meta[2]) << 8;
            if (len < 0 || 3 + len != meta.length) {
                throw new MalformedFileException(id + " metadata must be a unit byte, a u16 zone length and the zone;"
                        + " got " + meta.length + " bytes");
            }
            if (len > 0) {
                zone = Optional.of(new String(meta, 3, len, StandardCharsets.UTF_8));
            }
        }
        if (!(ext.storage() instanceof DType.Primitive p) || !p.ptype().isSigned() || p.ptype().isFloat()) {
            throw new MalformedFileException(id + " extension must be stored as a signed integer, not "
                    + ext.storage());
        }
        return Optional.of(new Kind(id, unit, zone));
    }

    static Optional<String> describe(DType.Extension ext) {
        try {
            return kind(ext).map(k -> k.id().substring("vortex.".length()) + "(" + k.unit().symbol()
                    + k.zone().map(z -> ", " + z).orElse("") + ")");
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }
}
