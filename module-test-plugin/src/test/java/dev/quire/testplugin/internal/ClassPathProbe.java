package dev.quire.testplugin.internal;

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
 * only {@code META-INF/services} can make the plugin known. Reads the plugin file ({@code args[0]}) and the concat
 * file ({@code args[1]}), and prints {@code key=value} lines for the test to check.
 */
public final class ClassPathProbe {
    private ClassPathProbe() {}

    public static void main(String[] args) {
        print("layout-module-named", ArrayEncoding.class.getModule().isNamed());
        print("plugin-module-named", FrameOfReferenceEncoding.class.getModule().isNamed());
        QuireContext context = QuireContext.defaults();
        print("encoding", context.arrayEncoding(FrameOfReferenceArray.ID).getClass().getName());
        print("layout", context.layout(SplitEveryLayout.ID).getClass().getName());
        print("segment-layout", context.layout(SegmentLayout.ID).getClass().getName());
        print("concat-layout", context.layout(ConcatLayout.ID).getClass().getName());
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
        try (VortexFile file = VortexFile.open(Path.of(args[1]))) {
            long before = file.layoutNodesBuilt();
            print("concat-boundaries", Arrays.toString(file.scan().splitBoundaries()));
            print("concat-nodes-built", file.layoutNodesBuilt() - before);
            long checksum = 0;
            try (BatchStream batches = file.scan().project("a").batches()) {
                for (StructArray batch : batches) {
                    PrimitiveArray a = (PrimitiveArray) batch.field("a");
                    for (long i = 0; i < a.length(); i++) {
                        checksum += a.getLong(i);
                    }
                }
            }
            print("concat-a-checksum", checksum);
        }
    }

    private static void print(String key, Object value) {
        System.out.println(key + "=" + value);
    }
}
