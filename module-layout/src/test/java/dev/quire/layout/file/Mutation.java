package dev.quire.layout.file;

import java.util.function.UnaryOperator;

/**
 * One way of damaging a file: {@code kind} and {@code offset} say what and where, {@code detail} adds the specifics
 * (the bit, the byte written, the region), so a failure can be reproduced from its description alone.
 */
record Mutation(String kind, long offset, String detail, UnaryOperator<byte[]> apply) {

    byte[] applyTo(byte[] original) {
        return apply.apply(original.clone());
    }

    String describe(String file) {
        return file + ": " + kind + " at offset " + offset + (detail.isEmpty() ? "" : " (" + detail + ")");
    }
}
