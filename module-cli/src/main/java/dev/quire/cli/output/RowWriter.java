package dev.quire.cli.output;

import dev.quire.layout.array.StructArray;

/** Writes the rows of a scan, batch by batch, in one output format. */
public interface RowWriter {

    /** Writes every row of {@code batch}, whose fields are canonical arrays. */
    void write(StructArray batch);

    /** Writes whatever the format puts after the last row and flushes; call once, also when there were no rows. */
    void finish();
}
