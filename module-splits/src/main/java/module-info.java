/** Row-split boundaries: collected from layout readers, turned into ranges that scans run as tasks. */
module dev.quire.splits {
    requires transitive dev.quire.base;

    exports dev.quire.splits;
}
