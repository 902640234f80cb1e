package dev.quire.bench.runner.tpch;

/**
 * One row of TPC-H {@code lineitem} as plain Java values, in the representation the files store: decimals as their
 * unscaled values at scale 2 (so {@code quantity} 17 is {@code 1700} and a discount of 0.04 is {@code 4}) and dates
 * as days since 1970-01-01. For engines and checks that need the rows without Quire's arrays.
 */
public record LineItemRow(long orderKey, long partKey, long suppKey, int lineNumber, long quantity,
        long extendedPrice, long discount, long tax, String returnFlag, String lineStatus, int shipDate,
        int commitDate, int receiptDate, String shipInstruct, String shipMode, String comment) {}
