package dev.quire.bench.runner.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.bench.runner.TestEngines;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.PluginConflictException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Engines found on the path follow the plugin registries' one duplicate policy. */
class EnginesTest {
    @Test
    void twoClassesWithOneNameAreAConflictNamingBoth() {
        Engine first = new TestEngines.Good();
        Engine second = new TestEngines.Good() {};
        PluginConflictException e = assertThrows(PluginConflictException.class,
                () -> Engines.unique(List.of(first, second)));
        assertTrue(e.getMessage().contains(first.getClass().getName()), e.getMessage());
        assertTrue(e.getMessage().contains(second.getClass().getName()), e.getMessage());
        assertTrue(e.getMessage().contains("good"), e.getMessage());
    }

    @Test
    void distinctNamesKeepTheirOrderAndTheSameClassCountsOnce() {
        Engine good = new TestEngines.Good();
        Engine slow = new TestEngines.Slow();
        assertEquals(List.of("good", "slow"), Engines.unique(List.of(good, slow)).stream().map(Engine::name).toList());
        Engine again = new TestEngines.Good();
        List<Engine> once = Engines.unique(List.of(good, again));
        assertEquals(1, once.size());
        assertTrue(once.getFirst() == again, "the instance added last");
    }

    @Test
    void aNameWithSurroundingSpacesIsRefused() {
        Engine spaced = new TestEngines.Good() {
            @Override
            public String name() {
                return " good";
            }
        };
        assertThrows(InvalidArgumentException.class, () -> Engines.unique(List.of(spaced)));
    }

    @Test
    void theEnginesOnThisPathHaveOneNameEach() {
        List<String> names = Engines.discovered().stream().map(Engine::name).toList();
        assertEquals(names.stream().distinct().toList(), names);
    }
}
