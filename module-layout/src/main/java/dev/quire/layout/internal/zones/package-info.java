/**
 * Zone maps: the per-zone statistics tables of {@code vortex.zoned} layouts. {@link
 * dev.quire.layout.internal.zones.Aggregate} models the aggregates a table's metadata names and derives the table's
 * dtype; {@link dev.quire.layout.internal.zones.ZoneMapWriter} computes a column's table as rows are written, with the
 * semantics of Vortex 0.76; {@link dev.quire.layout.internal.zones.ZoneTable} reads a decoded table into per-zone
 * statistics for pruning. What the reference writes, and why, is in {@code module-layout/docs/zone-maps.md}.
 */
package dev.quire.layout.internal.zones;
