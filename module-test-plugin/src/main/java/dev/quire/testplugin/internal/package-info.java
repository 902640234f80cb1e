/**
 * The test plugin's encoding ({@link dev.quire.testplugin.internal.FrameOfReferenceEncoding} with its array
 * {@link dev.quire.testplugin.internal.FrameOfReferenceArray}) and layouts
 * ({@link dev.quire.testplugin.internal.SplitEveryLayout}, {@link dev.quire.testplugin.internal.SegmentLayout} and
 * {@link dev.quire.testplugin.internal.ConcatLayout}). Not exported: Quire finds them through
 * {@link java.util.ServiceLoader}, as it finds any plugin's providers.
 */
package dev.quire.testplugin.internal;
