/**
 * Settings: {@link dev.quire.config.Setting} declares one (key, environment variable, default, parser) and
 * {@link dev.quire.config.Settings} holds values, given in code or read once from system properties and environment
 * variables.
 */
package dev.quire.config;
