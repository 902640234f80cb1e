package dev.quire.bench.tpch;

import dev.quire.bench.runner.spi.Batch;
import dev.quire.bench.runner.spi.EngineOptions;
import dev.quire.bench.runner.spi.ScanRequest;
import dev.quire.bench.runner.spi.Table;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.QuireIoException;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.function.Consumer;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import org.duckdb.DuckDBResultSet;

/**
 * A Parquet lineitem file opened in a fresh in-memory DuckDB database (see {@link DuckDbParquetEngine}), and DuckDB's
 * Parquet writer for it. Every use of DuckDB's classes is in this class.
 */
final class DuckDbTable implements Table {
    private static final String URL = "jdbc:duckdb:";
    /** Rows per exported Arrow batch. */
    private static final int BATCH_ROWS = 64 * 1024;
    /** Up to this many row indices are sent as an {@code IN} list, which DuckDB pushes into the Parquet scan. */
    private static final int MAX_LISTED_ROWS = 1024;
    private static final BufferAllocator ALLOCATOR = new RootAllocator();

    private final DuckDBConnection connection;
    /** The file's path as a SQL string literal. */
    private final String source;
    private final Schema schema;
    private final long rowCount;

    private DuckDbTable(DuckDBConnection connection, String source, Schema schema, long rowCount) {
        this.connection = connection;
        this.source = source;
        this.schema = schema;
        this.rowCount = rowCount;
    }

    /** DuckDB's version, e.g. {@code 1.5.2}; starting a database proves DuckDB runs here. */
    static String version() throws SQLException {
        try (Connection c = DriverManager.getConnection(URL);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT version()")) {
            rs.next();
            String v = rs.getString(1);
            return v.startsWith("v") ? v.substring(1) : v;
        }
    }

    /** Empty when Arrow's C data interface, through which DuckDB's batches arrive, works here; else why not. */
    static Optional<String> arrowProblem() {
        try (ArrowArrayStream s = ArrowArrayStream.allocateNew(ALLOCATOR)) {
            return Optional.empty();
        } catch (UnsupportedOperationException e) {
            return Optional.of("Arrow cannot allocate native memory (" + e.getMessage() + "); run Java with "
                    + "--add-opens=java.base/java.nio=ALL-UNNAMED");
        }
    }

    /** Writes lineitem at {@code scaleFactor} to {@code file} as Parquet with DuckDB's default options. */
    static void writeLineItem(Path file, double scaleFactor) throws IOException {
        try (DuckDBConnection c = connect();
                LineItemArrow rows = new LineItemArrow(ALLOCATOR, scaleFactor, LineItemArrow.DEFAULT_BATCH_ROWS);
                ArrowArrayStream stream = ArrowArrayStream.allocateNew(ALLOCATOR)) {
            Data.exportArrayStream(ALLOCATOR, rows, stream);
            c.registerArrowStream("generated_lineitem", stream);
            try (Statement s = c.createStatement()) {
                s.execute("COPY (SELECT * FROM generated_lineitem) TO " + string(file.toAbsolutePath().toString())
                        + " (FORMAT parquet)");
            }
        } catch (SQLException e) {
            throw new IOException("DuckDB could not write " + file + ": " + e.getMessage(), e);
        }
    }

    static DuckDbTable open(Path file, EngineOptions options) throws IOException {
        DuckDBConnection c = null;
        try {
            c = connect();
            if (options.threads() > 0) {
                try (Statement s = c.createStatement()) {
                    s.execute("SET threads = " + options.threads());
                }
            }
            String source = string(file.toAbsolutePath().toString());
            long rows;
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM read_parquet("
                    + source + ")")) {
                rs.next();
                rows = rs.getLong(1);
            }
            Schema schema;
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT * FROM read_parquet("
                    + source + ") LIMIT 0"); ArrowReader reader = arrow(rs)) {
                schema = reader.getVectorSchemaRoot().getSchema();
            }
            DuckDbTable table = new DuckDbTable(c, source, schema, rows);
            c = null;
            return table;
        } catch (SQLException e) {
            throw new IOException("DuckDB could not open " + file + ": " + e.getMessage(), e);
        } finally {
            if (c != null) {
                try {
                    c.close();
                } catch (SQLException e) {
                    // the open failed already; that error is the one to report
                }
            }
        }
    }

    private static DuckDBConnection connect() throws SQLException {
        return DriverManager.getConnection(URL).unwrap(DuckDBConnection.class);
    }

    private static ArrowReader arrow(ResultSet rs) throws SQLException {
        return (ArrowReader) rs.unwrap(DuckDBResultSet.class).arrowExportStream(ALLOCATOR, BATCH_ROWS);
    }

    private static String string(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    @Override
    public long rowCount() {
        return rowCount;
    }

    @Override
    public void scan(ScanRequest request, Consumer<Batch> sink) {
        // DuckDB numbers the rows of the file only when asked to, so only scans that select rows ask for it.
        StringJoiner select = new StringJoiner(", ", "SELECT ", " FROM read_parquet(" + source
                + (request.rowIndices().isPresent() ? ", file_row_number = true)" : ")"));
        for (String column : request.columns()) {
            if (schema.getFields().stream().noneMatch(f -> f.getName().equals(column))) {
                throw new InvalidArgumentException("no column " + column + " in the Parquet file");
            }
            select.add(SqlFilters.identifier(column));
        }
        StringJoiner where = new StringJoiner(" AND ", " WHERE ", "").setEmptyValue("");
        request.filter().ifPresent(f -> where.add(SqlFilters.translate(f, schema)));
        try (Statement s = connection.createStatement()) {
            request.rowIndicesWithin(rowCount).ifPresent(rows -> where.add(rowCondition(s, rows)));
            try (ResultSet rs = s.executeQuery(select + where.toString()); ArrowReader reader = arrow(rs)) {
                while (reader.loadNextBatch()) {
                    sink.accept(new ArrowBatch(reader.getVectorSchemaRoot()));
                }
            }
        } catch (SQLException | IOException e) {
            throw new QuireIoException("DuckDB's scan failed: " + e.getMessage(), e);
        }
    }

    /**
     * The condition selecting {@code rows}: an {@code IN} list when short, else a semi-join with a table of the
     * indices (in the in-memory database), filled through DuckDB's appender.
     */
    private String rowCondition(Statement s, long[] rows) {
        if (rows.length <= MAX_LISTED_ROWS) {
            StringJoiner in = new StringJoiner(", ", "file_row_number IN (", ")");
            for (long r : rows) {
                in.add(Long.toString(r));
            }
            return rows.length == 0 ? "FALSE" : in.toString();
        }
        try {
            s.execute("CREATE OR REPLACE TABLE selected_rows (r BIGINT)");
            try (DuckDBAppender appender = connection.createAppender("main", "selected_rows")) {
                for (long r : rows) {
                    appender.beginRow();
                    appender.append(r);
                    appender.endRow();
                }
            }
        } catch (SQLException e) {
            throw new QuireIoException("DuckDB could not store the selected rows: " + e.getMessage(), e);
        }
        return "file_row_number IN (SELECT r FROM selected_rows)";
    }


    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            throw new QuireIoException("DuckDB could not close its database: " + e.getMessage(), e);
        }
    }
}
