package dev.quire.layout.array;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.MalformedFileException;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * {@link ViewTable}: arrays gathered by index from a checked array's views read the source's values from its own
 * buffers; indices are checked, views are not, and a null value's view (never checked) cannot be gathered.
 */
class ViewTableTest {
    private static final DType UTF8 = new DType.Utf8(true);

    @Test
    void gatheredRowsReadTheSourcesValues() {
        Random random = new Random(7);
        VarBinViewBuilder builder = (VarBinViewBuilder) ArrayBuilder.forType(UTF8);
        int count = 40;
        for (int v = 0; v < count; v++) {
            builder.appendBytes(("v" + v + "-".repeat(random.nextInt(30))).getBytes());
        }
        VarBinViewArray source = (VarBinViewArray) builder.finish();
        ViewTable table = ViewTable.of(source);
        assertEquals(count, table.count());
        int n = 3000;
        int[] picks = new int[n];
        byte[] bits = new byte[(n + 7) / 8];
        for (int i = 0; i < n; i++) {
            picks[i] = random.nextInt(count + 1);
            if (picks[i] < count) {
                bits[i >>> 3] |= (byte) (1 << (i & 7));
            }
        }
        ViewTable.Gatherer gatherer = table.gatherer(n);
        for (int at = 0; at < n; at += 700) {
            gatherer.add(picks, at, Math.min(700, n - at));
        }
        assertEquals(n, gatherer.rows());
        VarBinViewArray gathered = gatherer.finish(UTF8, new Validity.Mask(BitBuffer.ofBytes(bits, n)));
        assertEquals(n, gathered.length());
        assertEquals(source.buffers(), gathered.buffers());
        for (int i = 0; i < n; i++) {
            assertEquals(picks[i] < count, gathered.isValid(i), "row " + i);
            byte[] expected = picks[i] < count ? source.getBytes(picks[i]) : new byte[0];
            assertArrayEquals(expected, gathered.getBytes(i), "row " + i);
        }
        VarBinViewArray slice = gathered.slice(17, 2000);
        assertArrayEquals(gathered.getBytes(17), slice.getBytes(0));
    }

    /** A null value's view was never checked against the buffers, so the table holds the empty view in its place. */
    @Test
    void nullValuesGatherAsEmptyViews() {
        VarBinViewArray valid = (VarBinViewArray) builderOf("a value longer than twelve bytes", "x").finish();
        long[] words = new long[4];
        MemorySegment.copy(valid.views(), java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED, 0, words, 0, 4);
        words[3] = 7L << 32; // value 1 names a bogus offset; it is null, so the constructor does not look
        words[2] = 40;
        VarBinViewArray source = new VarBinViewArray(UTF8, MemorySegment.ofArray(words), valid.buffers(),
                new Validity.Mask(BitBuffer.ofBytes(new byte[] {1}, 2)));
        ViewTable table = ViewTable.of(source);
        ViewTable.Gatherer gatherer = table.gatherer(3);
        gatherer.add(new int[] {1, 0, 2}, 0, 3);
        VarBinViewArray gathered = gatherer.finish(new DType.Utf8(false), Validity.NON_NULLABLE);
        assertEquals(0, gathered.byteLength(0));
        assertEquals("a value longer than twelve bytes", gathered.getString(1));
        assertEquals(0, gathered.byteLength(2));
    }

    @Test
    void repeatCopiesOneView() {
        VarBinViewArray source = (VarBinViewArray) builderOf("first", "the second, past the inline limit").finish();
        ViewTable table = ViewTable.of(source);
        for (int rows : new int[] {0, 1, 2, 5, 1000}) {
            VarBinViewArray repeated = table.repeat(UTF8, 1, rows, Validity.ALL_VALID);
            assertEquals(rows, repeated.length());
            for (int i = 0; i < rows; i++) {
                assertEquals("the second, past the inline limit", repeated.getString(i));
            }
        }
        assertEquals(0, table.repeat(UTF8, 2, 3, Validity.ALL_VALID).byteLength(2));
        assertThrows(InvalidArgumentException.class, () -> table.repeat(UTF8, 3, 1, Validity.ALL_VALID));
        assertThrows(InvalidArgumentException.class, () -> table.repeat(UTF8, 0, -1, Validity.ALL_VALID));
    }

    @Test
    void indicesRowsAndShapeAreChecked() {
        VarBinViewArray source = (VarBinViewArray) builderOf("a", "b").finish();
        ViewTable table = ViewTable.of(source);
        ViewTable.Gatherer gatherer = table.gatherer(4);
        InvalidArgumentException high = assertThrows(InvalidArgumentException.class,
                () -> gatherer.add(new int[] {0, 1, 3}, 0, 3));
        assertTrue(high.getMessage().contains("index 3 at row 2"), high.getMessage());
        assertThrows(InvalidArgumentException.class, () -> table.gatherer(1).add(new int[] {-1}, 0, 1));
        ViewTable.Gatherer full = table.gatherer(2);
        full.add(new int[] {0, 1}, 0, 2);
        assertThrows(InvalidArgumentException.class, () -> full.add(new int[] {0}, 0, 1));
        ViewTable.Gatherer partial = table.gatherer(2);
        partial.add(new int[] {0}, 0, 1);
        assertThrows(InvalidArgumentException.class, () -> partial.finish(UTF8, Validity.ALL_VALID));
        assertThrows(InvalidArgumentException.class, () -> table.gatherer(-1));

        ViewTable.Gatherer ok = table.gatherer(2);
        ok.add(new int[] {1, 0}, 0, 2);
        assertThrows(InvalidArgumentException.class, () -> ok.finish(new DType.Binary(true), Validity.ALL_VALID));
        assertThrows(InvalidArgumentException.class,
                () -> ok.finish(new DType.Primitive(PType.I32, true), Validity.ALL_VALID));
        assertThrows(InvalidArgumentException.class, () -> ok.finish(UTF8, Validity.NON_NULLABLE));
        assertThrows(InvalidArgumentException.class,
                () -> ok.finish(UTF8, new Validity.Mask(BitBuffer.ofBytes(new byte[1], 3))));
        VarBinViewArray array = ok.finish(new DType.Utf8(false), Validity.NON_NULLABLE);
        assertEquals(List.of("b", "a"), List.of(array.getString(0), array.getString(1)));
    }

    /**
     * The public ways to build an array from views a caller made (the constructor, {@link VarBinViewArray#ofOffsets})
     * check them: views a user made badly fail with a typed error at once, never with an index exception when read.
     * The only unchecked path copies views out of a {@link ViewTable}.
     */
    @Test
    void everyPublicFactoryChecks() {
        Set<String> factories = Arrays.stream(VarBinViewArray.class.getMethods())
                .filter(m -> Modifier.isStatic(m.getModifiers()) && m.getReturnType() == VarBinViewArray.class)
                .map(Method::getName).collect(Collectors.toSet());
        assertEquals(Set.of("ofOffsets"), factories, "public static factories of VarBinViewArray");
        Constructor<?>[] constructors = VarBinViewArray.class.getConstructors();
        assertEquals(1, constructors.length);
        assertEquals(List.of(DType.class, MemorySegment.class, List.class, Validity.class),
                List.of(constructors[0].getParameterTypes()));

        VarBinViewArray source = (VarBinViewArray) builderOf("a value longer than twelve bytes", "x").finish();
        long[] bad = {40 | (0L << 32), 0L | (5L << 32)}; // 40 bytes at offset 5 of a 32-byte buffer
        assertThrows(MalformedFileException.class, () -> new VarBinViewArray(UTF8, MemorySegment.ofArray(bad),
                source.buffers(), Validity.ALL_VALID));
        long[] missing = {40, 3L}; // data buffer 3 of 1
        assertThrows(MalformedFileException.class, () -> new VarBinViewArray(UTF8, MemorySegment.ofArray(missing),
                source.buffers(), Validity.ALL_VALID));
    }

    private static VarBinViewBuilder builderOf(String... values) {
        VarBinViewBuilder builder = (VarBinViewBuilder) ArrayBuilder.forType(UTF8);
        for (String v : values) {
            builder.appendBytes(v.getBytes());
        }
        return builder;
    }
}
