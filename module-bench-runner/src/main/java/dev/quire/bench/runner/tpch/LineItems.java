package dev.quire.bench.runner.tpch;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.DecimalBuilder;
import dev.quire.layout.array.ExtensionBuilder;
import dev.quire.layout.array.PrimitiveBuilder;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.StructBuilder;
import dev.quire.layout.array.VarBinViewBuilder;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Temporal;
import dev.quire.layout.dtype.TimeUnit;
import io.trino.tpch.LineItem;
import io.trino.tpch.LineItemGenerator;
import java.math.BigInteger;
import java.util.Iterator;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * TPC-H {@code lineitem} from the Trino generator (the same rows as {@code dbgen}), in the column types of the TPC-H
 * specification: i64 keys, i32 line numbers, decimal(15,2) quantities, prices, discounts and taxes, one-letter flags
 * and other text as utf8, and dates as {@code vortex.date}. The rows come as Quire batches ({@link #generate}) or as
 * plain Java values ({@link #rows}), in the same order either way.
 */
public final class LineItems {
    public static final DType.Struct SCHEMA = new DType.Struct(java.util.List.of(
            new Field("l_orderkey", i64()),
            new Field("l_partkey", i64()),
            new Field("l_suppkey", i64()),
            new Field("l_linenumber", new DType.Primitive(PType.I32, false)),
            new Field("l_quantity", money()),
            new Field("l_extendedprice", money()),
            new Field("l_discount", money()),
            new Field("l_tax", money()),
            new Field("l_returnflag", new DType.Utf8(false)),
            new Field("l_linestatus", new DType.Utf8(false)),
            new Field("l_shipdate", date()),
            new Field("l_commitdate", date()),
            new Field("l_receiptdate", date()),
            new Field("l_shipinstruct", new DType.Utf8(false)),
            new Field("l_shipmode", new DType.Utf8(false)),
            new Field("l_comment", new DType.Utf8(false))), false);

    private LineItems() {}

    private static DType i64() {
        return new DType.Primitive(PType.I64, false);
    }

    private static DType money() {
        return new DType.Decimal(15, 2, false);
    }

    private static DType date() {
        return Temporal.date(TimeUnit.DAYS, false);
    }

    /**
     * Generates the table at {@code scaleFactor}, handing batches of up to {@code batchRows} rows to {@code sink}.
     * Returns the number of rows.
     */
    public static long generate(double scaleFactor, int batchRows, Consumer<StructArray> sink) {
        StructBuilder b = (StructBuilder) ArrayBuilder.forType(SCHEMA);
        PrimitiveBuilder orderKey = (PrimitiveBuilder) b.field(0);
        PrimitiveBuilder partKey = (PrimitiveBuilder) b.field(1);
        PrimitiveBuilder suppKey = (PrimitiveBuilder) b.field(2);
        PrimitiveBuilder lineNumber = (PrimitiveBuilder) b.field(3);
        DecimalBuilder quantity = (DecimalBuilder) b.field(4);
        DecimalBuilder price = (DecimalBuilder) b.field(5);
        DecimalBuilder discount = (DecimalBuilder) b.field(6);
        DecimalBuilder tax = (DecimalBuilder) b.field(7);
        VarBinViewBuilder returnFlag = (VarBinViewBuilder) b.field(8);
        VarBinViewBuilder status = (VarBinViewBuilder) b.field(9);
        PrimitiveBuilder shipDate = days(b.field(10));
        PrimitiveBuilder commitDate = days(b.field(11));
        PrimitiveBuilder receiptDate = days(b.field(12));
        VarBinViewBuilder instructions = (VarBinViewBuilder) b.field(13);
        VarBinViewBuilder mode = (VarBinViewBuilder) b.field(14);
        VarBinViewBuilder comment = (VarBinViewBuilder) b.field(15);

        long rows = 0;
        Iterator<LineItemRow> items = iterator(scaleFactor);
        while (items.hasNext()) {
            LineItemRow item = items.next();
            orderKey.appendLong(item.orderKey());
            partKey.appendLong(item.partKey());
            suppKey.appendLong(item.suppKey());
            lineNumber.appendLong(item.lineNumber());
            quantity.appendUnscaled(BigInteger.valueOf(item.quantity()));
            price.appendUnscaled(BigInteger.valueOf(item.extendedPrice()));
            discount.appendUnscaled(BigInteger.valueOf(item.discount()));
            tax.appendUnscaled(BigInteger.valueOf(item.tax()));
            returnFlag.appendString(item.returnFlag());
            status.appendString(item.lineStatus());
            shipDate.appendLong(item.shipDate());
            commitDate.appendLong(item.commitDate());
            receiptDate.appendLong(item.receiptDate());
            instructions.appendString(item.shipInstruct());
            mode.appendString(item.shipMode());
            comment.appendString(item.comment());
            b.endRow();
            rows++;
            if (b.length() == batchRows) {
                sink.accept(b.finish());
            }
        }
        if (b.length() > 0) {
            sink.accept(b.finish());
        }
        return rows;
    }

    /** The rows of the table at {@code scaleFactor} as plain values, generated lazily in file order. */
    public static Stream<LineItemRow> rows(double scaleFactor) {
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(iterator(scaleFactor),
                Spliterator.ORDERED | Spliterator.NONNULL | Spliterator.IMMUTABLE), false);
    }

    private static Iterator<LineItemRow> iterator(double scaleFactor) {
        if (!(scaleFactor > 0)) {
            throw new InvalidArgumentException("the TPC-H scale factor must be positive, got " + scaleFactor);
        }
        Iterator<LineItem> items = new LineItemGenerator(scaleFactor, 1, 1).iterator();
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return items.hasNext();
            }

            @Override
            public LineItemRow next() {
                return row(items.next());
            }
        };
    }

    private static LineItemRow row(LineItem item) {
        // The generator's quantities are whole units; prices, discounts and taxes are already in hundredths. Its
        // dates are days since 1970-01-01, as vortex.date stores them.
        return new LineItemRow(item.orderKey(), item.partKey(), item.supplierKey(), item.lineNumber(),
                item.quantity() * 100, item.extendedPriceInCents(), item.discountPercent(), item.taxPercent(),
                item.returnFlag(), item.status(), item.shipDate(), item.commitDate(), item.receiptDate(),
                item.shipInstructions(), item.shipMode(), item.comment());
    }

    private static PrimitiveBuilder days(ArrayBuilder date) {
        return (PrimitiveBuilder) ((ExtensionBuilder) date).storage();
    }
}
