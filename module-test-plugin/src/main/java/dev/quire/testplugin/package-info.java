/**
 * The test plugin's encoding ({@link dev.quire.testplugin.FrameOfReferenceEncoding} with its array
 * {@link dev.quire.testplugin.FrameOfReferenceArray}) and layout ({@link dev.quire.testplugin.SplitEveryLayout}).
 */
package dev.quire.testplugin;
