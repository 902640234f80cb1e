package dev.quire.cli.archfixture;

import dev.quire.io.posix.PosixOptions;
import dev.quire.layout.file.VortexFile;
import dev.quire.splits.RowSplits;
import java.nio.file.Path;
import java.util.List;

/** Allowed: the CLI may depend on every module (through their exported packages). */
public final class FakeCli {
    public List<Object> everything(Path path) {
        try (VortexFile file = VortexFile.open(path)) {
            return List.of(PosixOptions.defaults(), RowSplits.skippingSplitlessChildren(), file.dtype());
        }
    }
}
