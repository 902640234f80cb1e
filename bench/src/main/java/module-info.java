/**
 * JMH benchmarks. They run from the shaded {@code benchmarks.jar} on the class path, beside the reference
 * {@code vortex-jni}, which is an optional (static) dependency of this module.
 */
module dev.quire.bench {
    requires dev.quire.layout;
    requires dev.quire.io.posix;
    requires jmh.core;
    requires com.fasterxml.jackson.databind;
    requires static vortex.jni;
    requires static org.apache.arrow.vector;
    requires static org.apache.arrow.memory.core;

    exports dev.quire.bench;
    exports dev.quire.bench.jmh_generated;
}
