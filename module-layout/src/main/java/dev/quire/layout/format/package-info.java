/**
 * Values that describe a Vortex file and how it is read and written: segment positions ({@link
 * dev.quire.layout.format.SegmentSpec}), column statistics ({@link dev.quire.layout.format.ArrayStats}), encoding
 * trees ({@link dev.quire.layout.format.ArrayEncodingTree}), the limits a reader checks untrusted sizes against
 * ({@link dev.quire.layout.format.ReadLimits}) and the writer's options ({@link dev.quire.layout.format.WriteOptions}).
 */
package dev.quire.layout.format;
