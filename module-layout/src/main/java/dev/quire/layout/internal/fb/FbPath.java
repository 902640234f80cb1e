package dev.quire.layout.internal.fb;

/**
 * Where a table, vector or field sits in a flatbuffer, for error messages: {@code footer.segment_specs[3]}. Built
 * as a linked list on every access, it costs one small allocation; the text is assembled only when an error needs it.
 */
final class FbPath {
    private final FbPath parent;
    private final String name;
    private final int index;

    private FbPath(FbPath parent, String name, int index) {
        this.parent = parent;
        this.name = name;
        this.index = index;
    }

    static FbPath root(String name) {
        return new FbPath(null, name, -1);
    }

    FbPath field(String field) {
        return new FbPath(this, field, -1);
    }

    FbPath element(int i) {
        return new FbPath(this, null, i);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        append(sb);
        return sb.toString();
    }

    private void append(StringBuilder sb) {
        if (parent != null) {
            parent.append(sb);
        }
        if (name == null) {
            sb.append('[').append(index).append(']');
        } else {
            if (parent != null) {
                sb.append('.');
            }
            sb.append(name);
        }
    }
}
