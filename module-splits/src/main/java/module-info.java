/**
 * Row-split boundaries: collected from layout readers ({@link dev.quire.splits.RowSplits}, over
 * {@link dev.quire.splits.SplitRange}s and {@link dev.quire.splits.FieldMask}s), turned into ranges
 * ({@link dev.quire.splits.RowRange}) that scans run as tasks.
 *
 * <p>{@code dev.quire.splits.internal} holds the scan's split planner (the plan, sparse row ranges, the row selector
 * it consults): exported to layout alone, whose scan is its only user, so that it can change with the scan.
 */
@SuppressWarnings("module") // the qualified export below names dev.quire.layout, which is built after splits
module dev.quire.splits {
    requires transitive dev.quire.base;

    exports dev.quire.splits;
    exports dev.quire.splits.internal to dev.quire.layout;
}
