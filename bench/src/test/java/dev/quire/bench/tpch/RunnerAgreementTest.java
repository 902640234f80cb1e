package dev.quire.bench.tpch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.bench.runner.BenchOptions;
import dev.quire.bench.runner.Runner;
import dev.quire.bench.runner.Workload;
import dev.quire.bench.runner.results.BenchResults;
import dev.quire.bench.runner.results.Measurement;
import dev.quire.bench.runner.results.Status;
import dev.quire.bench.runner.spi.Query;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every standard query through the runner, over Quire's, the reference's and DuckDB's files at scale factor 0.01: the
 * runner compares each engine's result with the others', so this fails if any engine or query disagrees.
 */
class RunnerAgreementTest {
    @Test
    void everyEngineGivesTheSameResultForEveryQuery(@TempDir Path out) throws Exception {
        List<String> engines = List.of("quire", VortexJniEngine.NAME, DuckDbParquetEngine.NAME);
        BenchOptions options = BenchOptions.defaults().withScaleFactor(TestData.SCALE_FACTOR).withRuns(1)
                .withEngines(engines).withDataDir(TestData.DATASET.cacheDir()).withOutDir(out).withInProcess(true);
        StringWriter progress = new StringWriter();
        BenchResults results = new Runner(options, Workload.standard(), new PrintWriter(progress)).run();
        List<String> queries = Workload.standardQueries().stream().map(Query::name).toList();
        assertEquals(queries.size() * engines.size(), results.measurements().size());
        for (Measurement m : results.measurements()) {
            assertEquals(Status.OK, m.status(), m.query() + " on " + m.engine() + ": " + m.message() + "\n" + progress);
            assertTrue(m.medianMillis() >= 0, m.toString());
        }
        for (String query : queries) {
            List<String> answers = results.measurements().stream().filter(m -> m.query().equals(query))
                    .map(Measurement::result).distinct().toList();
            assertEquals(1, answers.size(), query + ": " + answers);
            Measurement quire = results.measurements().stream()
                    .filter(m -> m.query().equals(query) && m.engine().equals("quire")).findFirst().orElseThrow();
            assertTrue(quire.ratioToReference() != null && quire.ratioToReference() > 0, quire.toString());
        }
        assertEquals(Runner.EXIT_OK, Runner.exitCode(results));
    }
}
