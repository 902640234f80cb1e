/** Row-split boundaries: collected from layout readers, turned into ranges that scans run as tasks. */
module dev.quire.splits {
    exports dev.quire.splits;
}
