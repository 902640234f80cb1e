package dev.quire.layout.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.ErrorCode;
import dev.quire.errors.QuireException;
import dev.quire.errors.UnknownEncodingException;
import java.util.List;
import org.junit.jupiter.api.Test;

class RegistryTest {
    record Named(String id) {}

    static final class Other {
        final String id;

        Other(String id) {
            this.id = id;
        }
    }

    @Test
    void twoProvidersOfOneIdMakeThatIdUnusableButNotTheOthers() {
        Registry<Object> registry = Registry.of("layout", List.of(new Named("acme.one"), new Other("acme.one"),
                new Named("acme.two")), o -> o instanceof Named n ? n.id() : ((Other) o).id);
        var e = assertThrows(QuireException.class, () -> registry.get("acme.one"));
        assertEquals(ErrorCode.UNKNOWN_ENCODING, e.code());
        assertTrue(e.getMessage().contains("two layouts claim id `acme.one`"), e.getMessage());
        assertEquals(new Named("acme.two"), registry.get("acme.two"));
        assertEquals(List.of("acme.two"), registry.ids());
    }

    @Test
    void invalidIdsAreSkipped() {
        Registry<Named> registry = Registry.of("layout", List.of(new Named("NoDots"), new Named("ok.id")),
                Named::id);
        assertEquals(List.of("ok.id"), registry.ids());
    }

    @Test
    void unknownIdsNameTheModuleThatProvidesThem() {
        Registry<Named> registry = Registry.of("array encoding", List.of(new Named("vortex.primitive")), Named::id);
        var e = assertThrows(UnknownEncodingException.class, () -> registry.get("fastlanes.bitpacked"));
        assertEquals("fastlanes.bitpacked", e.id());
        assertTrue(e.getMessage().contains("dev.quire.encodings"), e.getMessage());
        assertTrue(e.getMessage().contains("[vortex.primitive]"), e.getMessage());
    }

    @Test
    void theBuiltInsAreFound() {
        assertTrue(ArrayEncodings.ids().containsAll(List.of("vortex.primitive", "vortex.bool", "vortex.varbinview",
                "vortex.struct", "vortex.null", "vortex.constant", "vortex.decimal", "vortex.ext")));
        assertTrue(LayoutVTables.ids().containsAll(List.of("vortex.flat", "vortex.chunked", "vortex.struct",
                "vortex.zoned", "vortex.stats")));
        assertSame(LayoutVTables.get("vortex.flat"), LayoutVTables.get("vortex.flat"));
        assertTrue(!LayoutVTables.get("vortex.flat").registersInteriorSplits());
        assertTrue(LayoutVTables.get("vortex.chunked").registersInteriorSplits());
    }
}
