package dev.quire.testplugin;

import dev.quire.io.spi.IoProvider;
import dev.quire.layout.QuireContext;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.scan.BatchStream;
import dev.quire.layout.spi.ArrayEncoding;
import dev.quire.layout.spi.Layout;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Run by {@link ClassPathDiscoveryTest} in a separate JVM with everything on the class path (no module path), where
 * only {@code META-INF/services} can make the plugin known. Prints {@code key=value} lines for the test to check.
 */
public final class ClassPathProbe {
    private ClassPathProbe() {}

    public static void main(String[] args) {
        print("layout-module-named", ArrayEncoding.class.getModule().isNamed());
        print("plugin-module-named", FrameOfReferenceEncoding.class.getModule().isNamed());
        QuireContext context = QuireContext.defaults();
        print("encoding", context.arrayEncoding(FrameOfReferenceArray.ID).getClass().getName());
        print("layout", context.layout(SplitEveryLayout.ID).getClass().getName());
        print("providers", context.io().all().stream().map(IoProvider::name).collect(Collectors.joining(",")));
        try (VortexFile file = VortexFile.open(Path.of(args[0]))) {
            print("rows", file.rowCount());
            print("boundaries", Arrays.toString(file.scan().splitBoundaries()));
            Layout wrapper = file.layout().child(0).child(0);
            print("chunk-encoding", wrapper.vtable().reader(wrapper).read(0, 1,
                    dev.quire.layout.dtype.Projection.all(), wrapper.segments()).join().encodingId());
            long checksum = 0;
            try (BatchStream batches = file.scan().project("id").batches()) {
                for (StructArray batch : batches) {
                    PrimitiveArray id = (PrimitiveArray) batch.field("id");
                    for (long i = 0; i < id.length(); i++) {
                        checksum += id.getLong(i);
                    }
                }
            }
            print("id-checksum", checksum);
        }
    }

    private static void print(String key, Object value) {
        System.out.println(key + "=" + value);
    }
}
