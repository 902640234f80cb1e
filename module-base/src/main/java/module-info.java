/**
 * The bottom of Quire's module graph, JDK only: the {@link dev.quire.errors.QuireException} family that every module
 * throws, typed {@link dev.quire.config.Setting settings} read from system properties and environment variables, and
 * {@link dev.quire.plugin.PluginRegistry plugin registries} with one policy for duplicate ids.
 */
module dev.quire.base {
    exports dev.quire.errors;
    exports dev.quire.config;
    exports dev.quire.plugin;
}
