package dev.quire.bench.tpch;

import io.trino.tpch.LineItem;
import io.trino.tpch.LineItemGenerator;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * TPC-H {@code lineitem} from the Trino generator as Arrow batches, in the column types of Quire's lineitem file:
 * i64 keys, an i32 line number, decimal(15,2) quantity, price, discount and tax, utf8 flags and text, and dates as
 * Arrow {@code DateDay} (days since 1970-01-01, which the reference stores as {@code vortex.date} days). Every column
 * is non-nullable. The reader generates rows as it is pulled, so a whole scale factor never sits in memory.
 */
public final class LineItemArrow extends ArrowReader {
    /** Rows per generated batch unless the caller asks for another size. */
    public static final int DEFAULT_BATCH_ROWS = 64 * 1024;

    /** The columns in file order. */
    public static final List<String> COLUMNS = List.of(
            "l_orderkey", "l_partkey", "l_suppkey", "l_linenumber",
            "l_quantity", "l_extendedprice", "l_discount", "l_tax",
            "l_returnflag", "l_linestatus", "l_shipdate", "l_commitdate", "l_receiptdate",
            "l_shipinstruct", "l_shipmode", "l_comment");

    /** Precision and scale of the money columns. */
    public static final int MONEY_PRECISION = 15;
    public static final int MONEY_SCALE = 2;

    /** The Arrow schema of the generated batches. */
    public static final Schema SCHEMA = new Schema(List.of(
            field("l_orderkey", new ArrowType.Int(64, true)),
            field("l_partkey", new ArrowType.Int(64, true)),
            field("l_suppkey", new ArrowType.Int(64, true)),
            field("l_linenumber", new ArrowType.Int(32, true)),
            field("l_quantity", money()),
            field("l_extendedprice", money()),
            field("l_discount", money()),
            field("l_tax", money()),
            field("l_returnflag", ArrowType.Utf8.INSTANCE),
            field("l_linestatus", ArrowType.Utf8.INSTANCE),
            field("l_shipdate", new ArrowType.Date(DateUnit.DAY)),
            field("l_commitdate", new ArrowType.Date(DateUnit.DAY)),
            field("l_receiptdate", new ArrowType.Date(DateUnit.DAY)),
            field("l_shipinstruct", ArrowType.Utf8.INSTANCE),
            field("l_shipmode", ArrowType.Utf8.INSTANCE),
            field("l_comment", ArrowType.Utf8.INSTANCE)));

    private final Iterator<LineItem> items;
    private final int batchRows;
    private long rows;

    /** A reader of {@code lineitem} at {@code scaleFactor}, in batches of {@code batchRows} rows. */
    public LineItemArrow(BufferAllocator allocator, double scaleFactor, int batchRows) {
        super(allocator);
        if (batchRows <= 0) {
            throw new IllegalArgumentException("batchRows must be positive, got " + batchRows);
        }
        this.items = new LineItemGenerator(scaleFactor, 1, 1).iterator();
        this.batchRows = batchRows;
    }

    private static Field field(String name, ArrowType type) {
        return new Field(name, FieldType.notNullable(type), null);
    }

    private static ArrowType money() {
        return new ArrowType.Decimal(MONEY_PRECISION, MONEY_SCALE, 128);
    }

    /** The rows generated so far. */
    public long rows() {
        return rows;
    }

    @Override
    public boolean loadNextBatch() throws IOException {
        prepareLoadNextBatch();
        VectorSchemaRoot root = getVectorSchemaRoot();
        if (!items.hasNext()) {
            root.setRowCount(0);
            return false;
        }
        root.allocateNew();
        BigIntVector orderKey = (BigIntVector) root.getVector(0);
        BigIntVector partKey = (BigIntVector) root.getVector(1);
        BigIntVector suppKey = (BigIntVector) root.getVector(2);
        IntVector lineNumber = (IntVector) root.getVector(3);
        DecimalVector quantity = (DecimalVector) root.getVector(4);
        DecimalVector price = (DecimalVector) root.getVector(5);
        DecimalVector discount = (DecimalVector) root.getVector(6);
        DecimalVector tax = (DecimalVector) root.getVector(7);
        VarCharVector returnFlag = (VarCharVector) root.getVector(8);
        VarCharVector status = (VarCharVector) root.getVector(9);
        DateDayVector shipDate = (DateDayVector) root.getVector(10);
        DateDayVector commitDate = (DateDayVector) root.getVector(11);
        DateDayVector receiptDate = (DateDayVector) root.getVector(12);
        VarCharVector instructions = (VarCharVector) root.getVector(13);
        VarCharVector mode = (VarCharVector) root.getVector(14);
        VarCharVector comment = (VarCharVector) root.getVector(15);
        int n = 0;
        while (n < batchRows && items.hasNext()) {
            LineItem item = items.next();
            orderKey.setSafe(n, item.orderKey());
            partKey.setSafe(n, item.partKey());
            suppKey.setSafe(n, item.supplierKey());
            lineNumber.setSafe(n, item.lineNumber());
            // The generator's quantities are whole units; prices, discounts and taxes are already in hundredths.
            quantity.setSafe(n, item.quantity() * 100L);
            price.setSafe(n, item.extendedPriceInCents());
            discount.setSafe(n, item.discountPercent());
            tax.setSafe(n, item.taxPercent());
            returnFlag.setSafe(n, utf8(item.returnFlag()));
            status.setSafe(n, utf8(item.status()));
            // The generator's dates are days since 1970-01-01, as DateDay stores them.
            shipDate.setSafe(n, item.shipDate());
            commitDate.setSafe(n, item.commitDate());
            receiptDate.setSafe(n, item.receiptDate());
            instructions.setSafe(n, utf8(item.shipInstructions()));
            mode.setSafe(n, utf8(item.shipMode()));
            comment.setSafe(n, utf8(item.comment()));
            n++;
        }
        root.setRowCount(n);
        rows += n;
        return true;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public long bytesRead() {
        return 0;
    }

    @Override
    protected void closeReadSource() {}

    @Override
    protected Schema readSchema() {
        return SCHEMA;
    }

    /** A decimal(15,2) value as a {@link BigDecimal}, from its unscaled long; for tests and messages. */
    public static BigDecimal money(long unscaled) {
        return BigDecimal.valueOf(unscaled, MONEY_SCALE);
    }
}
