package dev.quire.layout.scan;

/**
 * What a scan did so far.
 *
 * @param splits split tasks started
 * @param splitsPruned splits whose every row the selection or the statistics ruled out, so no data was read
 * @param zonesConsidered zones whose statistics were checked against the filter
 * @param zonesPruned zones the statistics ruled out
 * @param rowsScanned rows of the splits whose data was read
 * @param rowsReturned rows handed to the caller
 */
public record ScanMetrics(long splits, long splitsPruned, long zonesConsidered, long zonesPruned, long rowsScanned,
        long rowsReturned) {}
