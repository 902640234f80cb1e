package dev.quire.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.config.Settings;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.PluginConflictException;
import dev.quire.errors.UnknownEncodingException;
import dev.quire.io.spi.IoProvider;
import dev.quire.io.spi.IoProviders;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.format.WriteOptions;
import dev.quire.layout.spi.ArrayCompressor;
import dev.quire.layout.spi.ArrayEncoding;
import dev.quire.layout.spi.ArrayParts;
import dev.quire.layout.spi.ChunkEncoder;
import dev.quire.layout.spi.ColumnStrategy;
import dev.quire.layout.spi.LayoutVTable;
import dev.quire.layout.spi.Plugins;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class QuireContextTest {

    /** Claims the core's primitive id: a conflict unless chosen. */
    static final class OtherPrimitive implements ArrayEncoding {
        @Override
        public String id() {
            return PrimitiveArray.ID;
        }

        @Override
        public Array decode(ArrayParts parts) {
            throw parts.malformed("not used");
        }
    }

    record Compressor(String id, int priority) implements ArrayCompressor {
        @Override
        public Array compress(Array array, Plugins plugins) {
            return array;
        }

        @Override
        public long estimateSize(Array array, Plugins plugins) {
            return 0;
        }
    }

    record Strategy(String id, int priority) implements ColumnStrategy {
        @Override
        public Optional<ChunkEncoder> encoder(DType dtype, WriteOptions options, Plugins plugins) {
            return Optional.empty();
        }
    }

    @Test
    void theDefaultsHoldTheCoreAndTheProvidersOnThePath() {
        QuireContext context = QuireContext.defaults();
        assertSame(context, QuireContext.defaults(), "made once");
        assertTrue(context.arrayEncodingIds().containsAll(List.of("vortex.primitive", "vortex.varbinview",
                "vortex.struct", "vortex.bool")), context.arrayEncodingIds().toString());
        assertTrue(context.layoutIds().containsAll(List.of("vortex.flat", "vortex.chunked", "vortex.struct",
                "vortex.zoned")), context.layoutIds().toString());
        // module-io-posix is on the tests' path.
        assertTrue(context.io().all().stream().map(IoProvider::name).toList().containsAll(List.of("mmap", "posix")));
        assertEquals(true, context.setting(QuireContext.FILTER_KERNELS));
    }

    @Test
    void twoPluginsClaimingOneIdFailUnlessOneIsChosen() {
        PluginConflictException e = assertThrows(PluginConflictException.class,
                () -> QuireContext.builder().add(new OtherPrimitive()).build());
        assertEquals("vortex.primitive", e.id());
        assertEquals(2, e.claimants().size(), e.claimants().toString());
        assertTrue(e.getMessage().contains("module dev.quire.layout"), e.getMessage());
        assertTrue(e.getMessage().contains(OtherPrimitive.class.getName()), e.getMessage());
        assertTrue(e.getMessage().contains("QuireContext.builder().choose("), e.getMessage());

        OtherPrimitive other = new OtherPrimitive();
        QuireContext chosen = QuireContext.builder().add(other).choose(OtherPrimitive.class).build();
        assertSame(other, chosen.arrayEncoding(PrimitiveArray.ID));
        assertTrue(chosen.layoutIds().contains("vortex.flat"), "choosing touches only the conflicting id");
    }

    @Test
    void aRemovedPluginIsUnknownAndTheErrorSaysItWasLeftOut() {
        QuireContext context = QuireContext.builder().remove(ArrayEncoding.class, PrimitiveArray.ID)
                .remove(LayoutVTable.class, "vortex.chunked").build();
        assertTrue(context.findArrayEncoding(PrimitiveArray.ID).isEmpty());
        UnknownEncodingException e = assertThrows(UnknownEncodingException.class,
                () -> context.arrayEncoding(PrimitiveArray.ID));
        assertEquals(PrimitiveArray.ID, e.id());
        assertTrue(e.getMessage().contains("provides it but is not in this context"), e.getMessage());
        UnknownEncodingException layout = assertThrows(UnknownEncodingException.class,
                () -> context.layout("vortex.chunked"));
        assertTrue(layout.getMessage().startsWith("unknown layout `vortex.chunked`"), layout.getMessage());
        // The defaults still have both.
        assertTrue(QuireContext.defaults().findArrayEncoding(PrimitiveArray.ID).isPresent());
    }

    @Test
    void anIdNoPluginOnThePathProvidesNamesTheModuleToAdd() {
        UnknownEncodingException e = assertThrows(UnknownEncodingException.class,
                () -> QuireContext.defaults().arrayEncoding("fastlanes.bitpacked"));
        assertTrue(e.getMessage().contains("provided by module dev.quire.encodings"), e.getMessage());
    }

    @Test
    void removeIfDropsEveryKind() {
        QuireContext bare = QuireContext.builder().removeIf(p -> true).build();
        assertEquals(List.of(), bare.arrayEncodingIds());
        assertEquals(List.of(), bare.layoutIds());
        assertEquals(List.of(), bare.io().all());
        assertEquals(List.of(), bare.compressors());
        assertEquals(List.of(), bare.columnStrategies());
    }

    @Test
    void compressorsAndStrategiesComeHighestPriorityFirst() {
        QuireContext context = QuireContext.builder().removeIf(p -> p instanceof ArrayCompressor)
                .add(new Compressor("test.low", 1)).add(new Compressor("test.high", 5))
                .add(new Compressor("test.also_high", 5))
                .add(new Strategy("test.b", 0)).add(new Strategy("test.a", 0)).add(new Strategy("test.c", 9))
                .build();
        assertEquals(List.of("test.also_high", "test.high", "test.low"),
                context.compressors().stream().map(ArrayCompressor::id).toList());
        assertEquals("test.also_high", context.compressor().orElseThrow().id());
        List<String> strategies = context.columnStrategies().stream().map(ColumnStrategy::id)
                .filter(id -> id.startsWith("test.")).toList();
        assertEquals(List.of("test.c", "test.a", "test.b"), strategies);
    }

    @Test
    void pluginIdsAreChecked() {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> QuireContext.builder().add(new Compressor("NoDots", 0)).build());
        assertTrue(e.getMessage().contains("`NoDots`"), e.getMessage());
        assertThrows(InvalidArgumentException.class, () -> QuireContext.builder().remove(String.class, "x"));
    }

    @Test
    void settingsComeFromTheBuilderOverTheEnvironment() {
        Settings fromProperties = Settings.of(Map.of("quire.filter.kernels", "false", "quire.io", "posix"), Map.of());
        QuireContext context = QuireContext.builder().settings(fromProperties).build();
        assertEquals(false, context.setting(QuireContext.FILTER_KERNELS));
        assertEquals("posix", context.io().settings().get(IoProviders.PROVIDER),
                "the I/O providers read the context's settings");
        QuireContext overridden = context.toBuilder().set(QuireContext.FILTER_KERNELS, true).build();
        assertEquals(true, overridden.setting(QuireContext.FILTER_KERNELS));
        assertEquals("posix", overridden.setting(IoProviders.PROVIDER));
        assertEquals(context.arrayEncodingIds(), overridden.arrayEncodingIds());
    }

    @Test
    void encodeSerializesThroughTheContextsEncodings() {
        PrimitiveArray values = PrimitiveArray.ofLongs(1, 2, 3);
        assertEquals(24, QuireContext.defaults().encode(values).byteSize());
        QuireContext noPrimitive = QuireContext.builder().remove(ArrayEncoding.class, PrimitiveArray.ID).build();
        assertInstanceOf(UnknownEncodingException.class,
                assertThrows(RuntimeException.class, () -> noPrimitive.encode(values)));
    }
}
