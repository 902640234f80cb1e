package dev.quire.testplugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.QuireContext;
import dev.quire.layout.spi.ArrayEncoding;
import dev.quire.layout.spi.LayoutVTable;
import dev.quire.testplugin.internal.ConcatLayout;
import dev.quire.testplugin.internal.FrameOfReferenceArray;
import dev.quire.testplugin.internal.FrameOfReferenceEncoding;
import dev.quire.testplugin.internal.SegmentLayout;
import dev.quire.testplugin.internal.SplitEveryLayout;
import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The plugin, on the module path, is found by Quire's registries through its {@code provides} clauses. */
class PluginDiscoveryTest {

    @Test
    void theTestsRunInsideThePluginModuleOnTheModulePath() {
        assertEquals("dev.quire.testplugin", getClass().getModule().getName());
        assertEquals("dev.quire.layout", ArrayEncoding.class.getModule().getName());
    }

    @Test
    void theEncodingIsRegisteredBesideTheBuiltIns() {
        QuireContext context = QuireContext.defaults();
        List<String> ids = context.arrayEncodingIds();
        assertTrue(ids.contains(FrameOfReferenceArray.ID), ids.toString());
        assertTrue(ids.contains("vortex.primitive"), ids.toString());
        ArrayEncoding encoding = context.arrayEncoding(FrameOfReferenceArray.ID);
        assertInstanceOf(FrameOfReferenceEncoding.class, encoding);
        assertEquals("dev.quire.testplugin", encoding.getClass().getModule().getName());
        assertSame(encoding, context.findArrayEncoding(FrameOfReferenceArray.ID).orElseThrow());
    }

    @Test
    void theLayoutIsRegisteredBesideTheBuiltIns() {
        QuireContext context = QuireContext.defaults();
        List<String> ids = context.layoutIds();
        assertTrue(ids.containsAll(List.of(SplitEveryLayout.ID, "vortex.flat", "vortex.chunked", "vortex.struct",
                "vortex.zoned")), ids.toString());
        LayoutVTable vtable = context.layout(SplitEveryLayout.ID);
        assertInstanceOf(SplitEveryLayout.class, vtable);
        assertTrue(vtable.registersInteriorSplits());
        assertEquals("dev.quire.testplugin", vtable.getClass().getModule().getName());
    }

    @Test
    void theSegmentAndConcatLayoutsAreRegisteredToo() {
        QuireContext context = QuireContext.defaults();
        assertTrue(context.layoutIds().containsAll(List.of(SegmentLayout.ID, ConcatLayout.ID)),
                context.layoutIds().toString());
        LayoutVTable segment = context.layout(SegmentLayout.ID);
        assertInstanceOf(SegmentLayout.class, segment);
        assertFalse(segment.registersInteriorSplits(), "a leaf whose end its parent knows");
        LayoutVTable concat = context.layout(ConcatLayout.ID);
        assertInstanceOf(ConcatLayout.class, concat);
        assertTrue(concat.registersInteriorSplits(), "its children's ends are splits inside its rows");
    }

    @Test
    void theDescriptorProvidesEveryService() {
        ModuleDescriptor descriptor = FrameOfReferenceEncoding.class.getModule().getDescriptor();
        Set<String> provided = descriptor.provides().stream()
                .flatMap(p -> p.providers().stream().map(impl -> p.service() + " with " + impl))
                .collect(Collectors.toSet());
        assertEquals(Set.of(
                "dev.quire.layout.spi.ArrayEncoding with dev.quire.testplugin.internal.FrameOfReferenceEncoding",
                "dev.quire.layout.spi.LayoutVTable with dev.quire.testplugin.internal.SplitEveryLayout",
                "dev.quire.layout.spi.LayoutVTable with dev.quire.testplugin.internal.SegmentLayout",
                "dev.quire.layout.spi.LayoutVTable with dev.quire.testplugin.internal.ConcatLayout",
                "dev.quire.io.spi.IoProvider with dev.quire.testplugin.internal.io.PatternIoProvider",
                "dev.quire.io.spi.IoProvider with dev.quire.testplugin.internal.io.PatternIoProvider$Fallback",
                "dev.quire.io.spi.IoProvider with dev.quire.testplugin.internal.io.UnavailableIoProvider"), provided);
        assertEquals(Set.of(), descriptor.exports().stream()
                .map(ModuleDescriptor.Exports::source).collect(Collectors.toSet()),
                "the providers' packages are not exported: ServiceLoader needs no export");
    }

    /** The class-path half of the story: the service files must list the same classes as the descriptor. */
    @Test
    void theServiceFilesMatchTheDescriptor() throws IOException {
        ModuleDescriptor descriptor = FrameOfReferenceEncoding.class.getModule().getDescriptor();
        for (ModuleDescriptor.Provides provides : descriptor.provides()) {
            String resource = "META-INF/services/" + provides.service();
            try (InputStream in = FrameOfReferenceEncoding.class.getModule().getResourceAsStream(resource)) {
                assertTrue(in != null, resource + " is missing");
                List<String> listed = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                        .map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
                assertEquals(provides.providers(), listed, resource);
            }
        }
    }
}
