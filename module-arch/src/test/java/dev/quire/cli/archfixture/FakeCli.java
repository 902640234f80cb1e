package dev.quire.cli.archfixture;

import dev.quire.io.posix.PosixOptions;
import dev.quire.layout.file.VortexFile;
import dev.quire.splits.RowSplits;
import dev.quire.testplugin.internal.FrameOfReferenceArray;
import java.nio.file.Path;
import java.util.List;

/**
 * Allowed: the CLI may depend on every module, through their exported packages (the test plugin exports none; its
 * class here is reached through the class path).
 */
public final class FakeCli {
    public List<Object> everything(Path path) {
        try (VortexFile file = VortexFile.open(path)) {
            return List.of(PosixOptions.defaults(), RowSplits.skippingSplitlessChildren(), file.dtype(), FrameOfReferenceArray.ID.length(),
                    FrameOfReferenceArray.class);
        }
    }
}
