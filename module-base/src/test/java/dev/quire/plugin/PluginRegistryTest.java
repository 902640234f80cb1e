package dev.quire.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.ErrorCode;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.PluginConflictException;
import java.util.List;
import org.junit.jupiter.api.Test;

class PluginRegistryTest {
    interface Named {
        String id();
    }

    record Alpha(String id) implements Named {}

    record Beta(String id) implements Named {}

    private static PluginRegistry.Builder<Named> builder() {
        return PluginRegistry.builder("test plugin", Named::id, id -> id.matches("[a-z.]+"), "lower-case");
    }

    @Test
    void pluginsAreFoundByIdAndListedInOrder() {
        PluginRegistry<Named> r = builder().add(new Alpha("b.one")).add(new Beta("a.two")).build("");
        assertEquals(List.of("a.two", "b.one"), r.ids());
        assertEquals(List.of("b.one", "a.two"), r.all().stream().map(Named::id).toList());
        assertEquals(new Beta("a.two"), r.find("a.two").orElseThrow());
        assertTrue(r.find("c").isEmpty());
    }

    @Test
    void twoClassesClaimingOneIdFailNamingBothAndWhereTheyCameFrom() {
        PluginConflictException e = assertThrows(PluginConflictException.class,
                () -> builder().add(new Alpha("x.y")).add(new Beta("x.y")).build("choose one in code"));
        assertEquals(ErrorCode.PLUGIN_CONFLICT, e.code());
        assertEquals("x.y", e.id());
        String origin = PluginLoader.origin(new Alpha("x"));
        assertEquals("2 test plugins claim id `x.y`: " + Alpha.class.getName() + " (" + origin + ") and "
                + Beta.class.getName() + " (" + origin + "); remove all but one from the module or class path, or"
                + " choose one in code", e.getMessage());
        assertTrue(origin.equals("module dev.quire.base"), origin);
    }

    @Test
    void aChosenClassSettlesTheConflict() {
        Beta beta = new Beta("x.y");
        PluginRegistry<Named> r = builder().add(new Alpha("x.y")).add(beta).add(new Alpha("z")).choose(Beta.class)
                .build("");
        assertSame(beta, r.find("x.y").orElseThrow());
        assertTrue(r.find("z").isPresent(), "a choice touches only the ids its class claims");
    }

    @Test
    void theSameClassAddedAgainReplacesTheFirst() {
        Alpha second = new Alpha("x.y");
        PluginRegistry<Named> r = builder().add(new Alpha("x.y")).add(second).build("");
        assertSame(second, r.find("x.y").orElseThrow());
        assertEquals(1, r.size());
    }

    @Test
    void oneClassMayServeSeveralIds() {
        PluginRegistry<Named> r = builder().add(new Alpha("x.one")).add(new Alpha("x.two")).build("");
        assertEquals(List.of("x.one", "x.two"), r.ids());
    }

    @Test
    void removedPluginsAreGone() {
        PluginRegistry<Named> r = builder().add(new Alpha("x.y")).add(new Beta("x.y")).add(new Alpha("q"))
                .remove("x.y").build("");
        assertEquals(List.of("q"), r.ids());
        PluginRegistry<Named> noBeta = r.toBuilder(Named::id, id -> true, "").add(new Beta("w"))
                .removeIf(p -> p instanceof Alpha).build("");
        assertEquals(List.of("w"), noBeta.ids());
    }

    @Test
    void malformedIdsNameThePlugin() {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> builder().add(new Alpha("Bad Id")).build(""));
        assertTrue(e.getMessage().contains(Alpha.class.getName()), e.getMessage());
        assertTrue(e.getMessage().contains("`Bad Id`, which is not lower-case"), e.getMessage());
    }
}
