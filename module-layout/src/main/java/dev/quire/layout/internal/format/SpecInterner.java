package dev.quire.layout.internal.format;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Assigns footer spec indices to ids in order of first use. */
final class SpecInterner {
    private final Map<String, Integer> index = new HashMap<>();
    private final List<String> ids = new ArrayList<>();

    synchronized int intern(String id) {
        Integer i = index.get(id);
        if (i == null) {
            if (ids.size() > 0xFFFF) {
                throw new IllegalStateException("more than 65536 distinct ids");
            }
            i = ids.size();
            ids.add(id);
            index.put(id, i);
        }
        return i;
    }

    synchronized List<String> ids() {
        return List.copyOf(ids);
    }
}
