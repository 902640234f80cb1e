package dev.quire.layout.internal.fb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.flatbuffers.FlatBufferBuilder;
import dev.quire.errors.MalformedFileException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The cursor reads what {@link FbVector#table} reads, and fails where it fails, with the same message. */
class FbTableCursorTest {
    private static final int CHILDREN = 40;

    /**
     * A root table whose field 0 is a vector of {@value #CHILDREN} tables of (u16 field 0, u64 field 1), in shapes
     * that share vtables and shapes that do not: both fields, one missing, a third field, an empty table.
     */
    private static byte[] build(long seed) {
        Random random = new Random(seed);
        FlatBufferBuilder b = new FlatBufferBuilder(1024);
        int[] tables = new int[CHILDREN];
        for (int i = 0; i < CHILDREN; i++) {
            int shape = random.nextInt(4);
            b.startTable(shape == 2 ? 3 : 2);
            if (shape != 3) {
                b.addLong(1, random.nextLong(1L << 40), 0);
            }
            if (shape == 0 || shape == 2) {
                b.addShort(0, (short) random.nextInt(1 << 16), 0);
            }
            if (shape == 2) {
                b.addInt(2, random.nextInt(), 0);
            }
            tables[i] = b.endTable();
        }
        int vector = b.createVectorOfTables(tables);
        b.startTable(1);
        b.addOffset(0, vector, 0);
        b.finish(b.endTable());
        return b.sizedByteArray();
    }

    private static FbVector children(byte[] bytes) {
        FbTable root = new FbBuffer(ByteBuffer.wrap(bytes), "test", 0, FbBuffer.UNCOUNTED).root();
        return root.vector(0, "children", 4);
    }

    @Test
    void readsWhatTheTablesHoldInAnyOrder() {
        for (long seed = 0; seed < 20; seed++) {
            FbVector children = children(build(seed));
            FbTableCursor cursor = children.tables();
            Random order = new Random(seed);
            for (int k = 0; k < 3 * CHILDREN; k++) {
                int i = k < CHILDREN ? k : order.nextInt(CHILDREN);
                FbTable table = children.table(i);
                cursor.moveTo(i);
                String where = "seed " + seed + " child " + i;
                assertEquals(table.u16(0, "encoding", 7), cursor.u16(0, "encoding", 7), where);
                assertEquals(table.u64(1, "row_count", 9), cursor.u64(1, "row_count", 9), where);
                // A field the vtable does not reach reads as its default.
                assertEquals(table.u16(5, "absent", 3), cursor.u16(5, "absent", 3));
            }
        }
    }

    @Test
    void readAllReadsWhatTheTablesHold() {
        for (long seed = 0; seed < 20; seed++) {
            FbVector children = children(build(seed));
            char[] u16s = new char[CHILDREN];
            long[] sums = new long[CHILDREN + 1];
            long[] sumsWithoutU16s = new long[CHILDREN + 1];
            int common = children.tables().readAll(0, "encoding", 1, "row_count", u16s, sums);
            assertEquals(common, children.tables().readAll(0, "encoding", 1, "row_count", null, sumsWithoutU16s));
            assertArrayEquals(sums, sumsWithoutU16s);
            long sum = 0;
            boolean same = true;
            for (int i = 0; i < CHILDREN; i++) {
                FbTable table = children.table(i);
                String where = "seed " + seed + " child " + i;
                assertEquals(table.u16(0, "encoding", 0), u16s[i], where);
                sum += table.u64(1, "row_count", 0);
                assertEquals(sum, sums[i + 1], where);
                same &= u16s[i] == u16s[0];
            }
            assertEquals(same ? u16s[0] : -1, common, "seed " + seed);
        }
    }

    @Test
    void readAllFindsTheValueTablesShare() {
        FlatBufferBuilder b = new FlatBufferBuilder(1024);
        int[] tables = new int[CHILDREN];
        for (int i = 0; i < CHILDREN; i++) {
            b.startTable(2);
            b.addLong(1, i, 0);
            b.addShort(0, (short) 7, 0);
            tables[i] = b.endTable();
        }
        int vector = b.createVectorOfTables(tables);
        b.startTable(1);
        b.addOffset(0, vector, 0);
        b.finish(b.endTable());
        long[] sums = new long[CHILDREN + 1];
        assertEquals(7, children(b.sizedByteArray()).tables().readAll(0, "encoding", 1, "row_count", null, sums));
        assertEquals((long) CHILDREN * (CHILDREN - 1) / 2, sums[CHILDREN]);
    }

    @Test
    void readAllStopsAtTheTableLimitWhereTheCursorDoes() {
        byte[] bytes = build(3);
        int limit = 12;
        MalformedFileException viaCursor = assertThrows(MalformedFileException.class, () -> {
            FbTableCursor c = new FbBuffer(ByteBuffer.wrap(bytes), "test", 0, limit).root()
                    .vector(0, "children", 4).tables();
            for (int i = 0; i < CHILDREN; i++) {
                c.moveTo(i);
            }
        });
        MalformedFileException viaReadAll = assertThrows(MalformedFileException.class,
                () -> new FbBuffer(ByteBuffer.wrap(bytes), "test", 0, limit).root().vector(0, "children", 4)
                        .tables().readAll(0, "encoding", 1, "row_count", null, new long[CHILDREN + 1]));
        assertEquals(viaCursor.getMessage(), viaReadAll.getMessage());
        assertTrue(viaReadAll.getMessage().contains("more than " + limit + " tables"), viaReadAll.getMessage());
    }

    /**
     * The layout buffer is read again by every reader tree built over a file's life, so an uncounted buffer keeps
     * answering after more visits than a counted one could ever allow (a long-lived file once failed here with "more
     * than 2147483647 tables" after enough fresh reader trees).
     */
    @Test
    void anUncountedBufferNeverRunsOutOfVisits() {
        byte[] bytes = build(5);
        FbBuffer buffer = new FbBuffer(ByteBuffer.wrap(bytes), "test", 0, FbBuffer.UNCOUNTED);
        for (int round = 0; round < 3; round++) {
            assertTrue(buffer.countTables(Integer.MAX_VALUE - 1));
        }
        FbVector children = buffer.root().vector(0, "children", 4);
        long[] sums = new long[CHILDREN + 1];
        children.tables().readAll(0, "encoding", 1, "row_count", null, sums);
        FbTableCursor cursor = children.tables();
        for (int i = 0; i < CHILDREN; i++) {
            cursor.moveTo(i);
        }
        FbBuffer counted = new FbBuffer(ByteBuffer.wrap(bytes), "test", 0, Integer.MAX_VALUE - 1);
        assertTrue(counted.countTables(Integer.MAX_VALUE - 1));
        assertThrows(MalformedFileException.class, () -> counted.root());
    }

    /** Corrupts bytes of a built file, given where child {@code element}'s vector entry and table are. */
    private interface Corruption {
        void apply(ByteBuffer bytes, int entry, int table, int vtable);
    }

    /**
     * Corrupts one child that has a row count, then expects reading it through a table and through a cursor to fail
     * alike: the same exception type and message, naming the child.
     */
    private static void failsAlike(Corruption corruption, String expected) {
        byte[] bytes = build(1);
        FbVector clean = children(bytes);
        int child = 0;
        while (!clean.table(child).present(1, "row_count")) {
            child++;
        }
        ByteBuffer buf = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int entry = clean.position(child);
        int table = entry + buf.getInt(entry);
        corruption.apply(buf, entry, table, table - buf.getInt(table));
        FbVector children = children(bytes);
        int i = child;
        MalformedFileException viaTable = assertThrows(MalformedFileException.class, () -> {
            FbTable t = children.table(i);
            t.u16(0, "encoding", 0);
            t.u64(1, "row_count", 0);
        });
        MalformedFileException viaCursor = assertThrows(MalformedFileException.class, () -> {
            FbTableCursor c = children.tables().moveTo(i);
            c.u16(0, "encoding", 0);
            c.u64(1, "row_count", 0);
        });
        MalformedFileException viaReadAll = assertThrows(MalformedFileException.class,
                () -> children.tables().readAll(0, "encoding", 1, "row_count", null, new long[CHILDREN + 1]));
        assertEquals(viaTable.getMessage(), viaCursor.getMessage());
        assertEquals(viaTable.getMessage(), viaReadAll.getMessage());
        assertTrue(viaCursor.getMessage().contains(expected), viaCursor.getMessage());
        assertTrue(viaCursor.getMessage().contains("children[" + child + "]"), viaCursor.getMessage());
    }

    @Test
    void anEntryPointingOutsideTheBuffer() {
        failsAlike((b, entry, table, vtable) -> b.putInt(entry, 1 << 30), "offset points outside");
    }

    @Test
    void aVtableOutsideTheBuffer() {
        failsAlike((b, entry, table, vtable) -> b.putInt(table, table + 100_000), "are outside the");
    }

    @Test
    void anOddVtableLength() {
        failsAlike((b, entry, table, vtable) -> b.putShort(vtable, (short) 5), "vtable length 5 is invalid");
    }

    @Test
    void aTableTooSmall() {
        failsAlike((b, entry, table, vtable) -> b.putShort(vtable + 2, (short) 2), "table size 2 is invalid");
    }

    @Test
    void aFieldOutsideItsTable() {
        failsAlike((b, entry, table, vtable) -> b.putShort(vtable + 6, b.getShort(vtable + 2)),
                "field lies outside its table");
    }

    @Test
    void aRowCountTooLarge() {
        failsAlike((b, entry, table, vtable) -> b.putLong(table + b.getShort(vtable + 6), -1L), "is too large");
    }

    @Test
    void anUnmovedCursorHasNoTable() {
        FbTableCursor cursor = children(build(0)).tables();
        assertThrows(IllegalStateException.class, () -> cursor.u16(0, "encoding", 0));
    }
}
