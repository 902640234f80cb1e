/**
 * Plugin loading: {@link dev.quire.plugin.PluginLoader} instantiates what a {@link java.util.ServiceLoader} finds, and
 * {@link dev.quire.plugin.PluginRegistry} keys plugins by id with one policy for conflicting ids.
 */
package dev.quire.plugin;
