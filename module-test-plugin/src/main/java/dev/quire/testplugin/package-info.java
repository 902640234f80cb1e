/**
 * The test plugin's encoding ({@link dev.quire.testplugin.FrameOfReferenceEncoding} with its array
 * {@link dev.quire.testplugin.FrameOfReferenceArray}) and layouts ({@link dev.quire.testplugin.SplitEveryLayout},
 * {@link dev.quire.testplugin.SegmentLayout} and {@link dev.quire.testplugin.ConcatLayout}).
 */
package dev.quire.testplugin;
