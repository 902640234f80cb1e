package dev.quire.layout.array;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.MalformedFileException;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.internal.array.TrustedArrays;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link TrustedArrays#gathered}: an array over views copied from a checked array's valid values (and zero views
 * for nulls) reads the copied values from the source's own buffers, and only its shape is checked. That trusted path
 * is not part of the public API: the package that holds it is exported to the dictionary module alone, and every
 * public way to build a {@link VarBinViewArray} from views checks them.
 */
class VarBinViewGatheredTest {
    private static final DType UTF8 = new DType.Utf8(true);

    @Test
    void copiedViewsReadTheSourcesValues() {
        Random random = new Random(7);
        VarBinViewBuilder builder = (VarBinViewBuilder) ArrayBuilder.forType(UTF8);
        int count = 40;
        for (int v = 0; v < count; v++) {
            builder.appendBytes(("v" + v + "-".repeat(random.nextInt(30))).getBytes());
        }
        VarBinViewArray source = (VarBinViewArray) builder.finish();
        int n = 3000;
        int[] picks = new int[n];
        MemorySegment views = MemorySegment.ofArray(new long[2 * n]);
        byte[] bits = new byte[(n + 7) / 8];
        for (int i = 0; i < n; i++) {
            picks[i] = random.nextInt(count + 1);
            if (picks[i] < count) {
                MemorySegment.copy(source.views(), (long) picks[i] * 16, views, (long) i * 16, 16);
                bits[i >>> 3] |= (byte) (1 << (i & 7));
            }
        }
        Validity validity = new Validity.Mask(BitBuffer.ofBytes(bits, n));
        VarBinViewArray gathered = TrustedArrays.gathered(UTF8, source, views, validity);
        assertEquals(n, gathered.length());
        assertSame(views, gathered.views());
        assertEquals(source.buffers(), gathered.buffers());
        for (int i = 0; i < n; i++) {
            assertEquals(picks[i] < count, gathered.isValid(i), "row " + i);
            byte[] expected = picks[i] < count ? source.getBytes(picks[i]) : new byte[0];
            assertArrayEquals(expected, gathered.getBytes(i), "row " + i);
        }
        VarBinViewArray slice = gathered.slice(17, 2000);
        assertArrayEquals(gathered.getBytes(17), slice.getBytes(0));
    }

    @Test
    void onlyTheShapeIsChecked() {
        VarBinViewArray source = (VarBinViewArray) ArrayBuilder.forType(UTF8).finish();
        MemorySegment views = MemorySegment.ofArray(new long[4]);
        assertThrows(InvalidArgumentException.class, () -> TrustedArrays.gathered(
                new DType.Primitive(dev.quire.layout.dtype.PType.I32, false), source, views, Validity.ALL_VALID));
        assertThrows(InvalidArgumentException.class, () -> TrustedArrays.gathered(UTF8, source,
                MemorySegment.ofArray(new byte[24]), Validity.ALL_VALID));
        assertThrows(InvalidArgumentException.class, () -> TrustedArrays.gathered(UTF8, source, views,
                Validity.NON_NULLABLE));
        assertThrows(InvalidArgumentException.class, () -> TrustedArrays.gathered(UTF8, source, views,
                new Validity.Mask(BitBuffer.ofBytes(new byte[1], 3))));
        VarBinViewArray ok = TrustedArrays.gathered(new DType.Binary(false), source, views,
                Validity.NON_NULLABLE);
        assertEquals(2, ok.length());
        assertTrue(ok.isCanonical());
        assertEquals(List.of(), ok.buffers());
        assertArrayEquals(new byte[0], ok.getBytes(1));
    }

    /**
     * The public ways to build an array (the constructor, {@link VarBinViewArray#ofOffsets}) check what they are
     * given: views a user made badly fail with a typed error at once, never with an index exception when read.
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

    @Test
    void theTrustedPackageIsExportedToTheDictionaryAlone() {
        Module layout = VarBinViewArray.class.getModule();
        String trusted = TrustedArrays.class.getPackageName();
        assertTrue(layout.isNamed(), "the tests run in the layout module");
        assertTrue(layout.getDescriptor().exports().stream().anyMatch(e -> e.source().equals(trusted)
                && e.targets().equals(Set.of("dev.quire.dictionary"))), layout.getDescriptor().toString());
        assertFalse(layout.isExported(trusted), "exported to everyone");
    }

    private static VarBinViewBuilder builderOf(String... values) {
        VarBinViewBuilder builder = (VarBinViewBuilder) ArrayBuilder.forType(UTF8);
        for (String v : values) {
            builder.appendBytes(v.getBytes());
        }
        return builder;
    }
}
