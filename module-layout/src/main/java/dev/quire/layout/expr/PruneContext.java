package dev.quire.layout.expr;

import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.FieldPath;
import dev.quire.layout.format.ArrayStats;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/** One pruning question: what the statistics of one zone say about each column a bound expression reads. */
final class PruneContext {
    /**
     * What is known of a column in the zone: its own statistics, whether some row may be null (the column or a
     * struct around it) and whether some row may be valid.
     */
    record Facts(ArrayStats stats, boolean mayBeNull, boolean mayBeValid) {}

    private final ZoneStats zone;
    private final DType.Struct schema;
    private final Map<FieldPath, Facts> facts = new HashMap<>();

    PruneContext(ZoneStats zone, DType.Struct schema) {
        this.zone = zone;
        this.schema = schema;
    }

    Facts facts(FieldPath path) {
        return facts.computeIfAbsent(path, this::compute);
    }

    private Facts compute(FieldPath path) {
        long rows = zone.rowCount();
        boolean mayBeNull = schema.nullable();
        boolean mayBeValid = true;
        DType current = schema;
        List<String> parts = path.parts();
        for (int k = 1; k <= parts.size(); k++) {
            DType.Struct struct = (DType.Struct) current;
            current = struct.field(struct.indexOf(parts.get(k - 1)).orElseThrow()).dtype();
            if (current instanceof DType.Null) {
                mayBeNull = true;
                mayBeValid = false;
            } else if (current.nullable()) {
                OptionalLong nulls = zone.column(new FieldPath(parts.subList(0, k))).nullCount();
                if (nulls.isEmpty() || nulls.getAsLong() > 0) {
                    mayBeNull = true;
                }
                if (nulls.isPresent() && nulls.getAsLong() >= rows) {
                    mayBeValid = false;
                }
            }
        }
        return new Facts(zone.column(path), mayBeNull, mayBeValid);
    }
}
