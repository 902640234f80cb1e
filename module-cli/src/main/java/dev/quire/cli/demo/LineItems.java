package dev.quire.cli.demo;

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
import java.util.function.Consumer;

/**
 * TPC-H {@code lineitem} from the Trino generator (the same rows as {@code dbgen}), in the column types of the TPC-H
 * specification: i64 keys, i32 line numbers, decimal(15,2) quantities, prices, discounts and taxes, one-letter flags
 * and other text as utf8, and dates as {@code vortex.date}.
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
        Iterator<LineItem> items = new LineItemGenerator(scaleFactor, 1, 1).iterator();
        while (items.hasNext()) {
            LineItem item = items.next();
            orderKey.appendLong(item.orderKey());
            partKey.appendLong(item.partKey());
            suppKey.appendLong(item.supplierKey());
            lineNumber.appendLong(item.lineNumber());
            // The generator's quantities are whole units; the others are already in hundredths.
            quantity.appendUnscaled(BigInteger.valueOf(item.quantity() * 100));
            price.appendUnscaled(BigInteger.valueOf(item.extendedPriceInCents()));
            discount.appendUnscaled(BigInteger.valueOf(item.discountPercent()));
            tax.appendUnscaled(BigInteger.valueOf(item.taxPercent()));
            returnFlag.appendString(item.returnFlag());
            status.appendString(item.status());
            // The generator's dates are days since 1970-01-01, as vortex.date stores them.
            shipDate.appendLong(item.shipDate());
            commitDate.appendLong(item.commitDate());
            receiptDate.appendLong(item.receiptDate());
            instructions.appendString(item.shipInstructions());
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

    private static PrimitiveBuilder days(ArrayBuilder date) {
        return (PrimitiveBuilder) ((ExtensionBuilder) date).storage();
    }
}
