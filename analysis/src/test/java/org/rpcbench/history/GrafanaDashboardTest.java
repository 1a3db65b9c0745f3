package org.rpcbench.history;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.rpcbench.record.RunRecord;
import org.rpcbench.report.Runs;

/**
 * deploy/grafana: every panel's, variable's and annotation's SQL runs, with Grafana's variables and time
 * macro put in, against a real PostgreSQL holding runs recorded by the history store, and finds them; no
 * data source is named by id or name (the dashboard asks for one; the provisioned one takes every value
 * from the environment).
 */
class GrafanaDashboardTest {
    static final Path DASHBOARD = Path.of("../deploy/grafana/dashboards/rpc-bench.json");
    static final Path DATASOURCE = Path.of("../deploy/grafana/provisioning/datasources/rpc-bench.yaml");
    static final String TIME_FILTER = "time BETWEEN '2000-01-01T00:00:00Z' AND '2100-01-01T00:00:00Z'";
    static final int PASSED_RUNS = 6;

    static LocalPostgres server;
    static String store;
    static JsonNode dashboard;

    @BeforeAll
    static void storeWithRuns() throws Exception {
        dashboard = new ObjectMapper().readTree(DASHBOARD.toFile());
        server = LocalPostgres.start(LocalPostgres.binariesOrSkip());
        store = server.createDatabase("grafana");
        try (HistoryStore history = HistoryStore.open(store)) {
            for (int night = 0; night < PASSED_RUNS; night++) {
                RunRecord r = HistoryStoreContract.run("dubbo-hessian", HistoryStoreContract.T0.plus(Duration.ofDays(night)), 32, 30000 + 100 * night, 0);
                history.record(Runs.withFramework(r, Map.of("protocol", "dubbo", "serialization", "hessian2",
                        "frameworkVersion", night < 3 ? "3.3.6" : "3.3.7")), "nightly");
            }
            RunRecord withErrors = HistoryStoreContract.run("dubbo-hessian", HistoryStoreContract.T0.plus(Duration.ofDays(PASSED_RUNS)), 32, 29000, 7);
            history.record(Runs.withFramework(withErrors, Map.of("protocol", "dubbo", "serialization", "hessian2", "frameworkVersion", "3.3.7")), "nightly");
            history.record(HistoryStoreContract.run("triple-protobuf", HistoryStoreContract.T0, 32, 15000, 0), "nightly");
        }
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    static List<String> metrics() {
        List<String> metrics = new ArrayList<>();
        variable("metric").get("options").forEach(o -> metrics.add(o.get("value").asText()));
        return metrics;
    }

    static JsonNode variable(String name) {
        for (JsonNode v : dashboard.at("/templating/list")) {
            if (name.equals(v.get("name").asText())) {
                return v;
            }
        }
        throw new AssertionError("the dashboard has no variable " + name);
    }

    /** The SQL as Grafana sends it: the time macro and the variables put in; nothing else may be left. */
    static String substituted(String sql, String metric) {
        String s = sql.replace("$__timeFilter(time)", TIME_FILTER).replace("${pair}", "dubbo-hessian").replace("${case}", "getUser")
                .replace("${metric}", metric);
        assertThat(s).as("a variable or macro the test does not know").doesNotContain("$");
        return s;
    }

    static List<List<String>> rows(String sql) throws Exception {
        List<List<String>> rows = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(store); Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            int columns = r.getMetaData().getColumnCount();
            while (r.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 1; i <= columns; i++) {
                    row.add(r.getString(i));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    @Test
    void everyPanelsSqlRunsForEveryMetricAndFindsTheRuns() throws Exception {
        assertThat(metrics()).hasSizeGreaterThan(10).contains("answered_per_second", "p99_ms", "server_cpu_us_per_call");
        for (String metric : metrics()) {
            for (JsonNode panel : dashboard.get("panels")) {
                for (JsonNode target : panel.get("targets")) {
                    List<List<String>> rows = rows(substituted(target.get("rawSql").asText(), metric));
                    switch (panel.get("id").asInt()) {
                        case 1 -> {
                            if (List.of("answered_per_second", "ops_per_second", "p99_ms").contains(metric)) {
                                assertThat(rows).as(metric).hasSize(PASSED_RUNS);
                                assertThat(rows).extracting(r -> r.get(1)).as("one line: the same host, load and settings").hasSize(PASSED_RUNS)
                                        .allMatch(rows.get(0).get(1)::equals);
                            }
                        }
                        case 2 -> assertThat(rows).as("the run with errors").hasSize(1);
                        case 3 -> assertThat(rows).as(metric).hasSize(PASSED_RUNS + 1);
                        default -> throw new AssertionError("a panel this test does not know: " + panel.get("title"));
                    }
                }
            }
        }
    }

    @Test
    void theVariablesListThePairsAndTheCases() throws Exception {
        assertThat(rows(substituted(variable("pair").get("query").asText(), "")))
                .containsExactly(List.of("dubbo-hessian"), List.of("triple-protobuf"));
        assertThat(rows(substituted(variable("case").get("query").asText(), "")))
                .containsExactly(List.of("getUser"), List.of("listUser"));
    }

    @Test
    void theAnnotationsMarkTheVersionChangeAndTheFailedRun() throws Exception {
        List<String> marks = new ArrayList<>();
        for (JsonNode a : dashboard.at("/annotations/list")) {
            for (List<String> row : rows(substituted(a.at("/target/rawSql").asText(), "answered_per_second"))) {
                marks.add(row.get(1));
            }
        }
        assertThat(marks).hasSize(2);
        assertThat(marks.get(0)).isEqualTo("framework 3.3.6 -> 3.3.7");
        assertThat(marks.get(1)).startsWith("FAILED: 7 errors, run ");
    }

    @Test
    void noDataSourceIsNamedByIdOrName() throws Exception {
        List<String> named = new ArrayList<>();
        walk(dashboard, "", named);
        assertThat(named).as("data sources named other than by the dashboard's variable").isEmpty();
        Matcher values = Pattern.compile("(?m)^[\\s-]*(name|url|user|database|sslmode|password): (.*)$").matcher(Files.readString(DATASOURCE));
        int seen = 0;
        while (values.find()) {
            seen++;
            assertThat(values.group(2)).as(values.group(1)).matches("\\$\\{RPCBENCH_[A-Z_]+\\}");
        }
        assertThat(seen).isEqualTo(6);
    }

    private static void walk(JsonNode node, String path, List<String> named) {
        if (node.isObject()) {
            node.fields().forEachRemaining(e -> {
                if (e.getKey().equals("datasource") && e.getValue().isObject() && !"${datasource}".equals(e.getValue().path("uid").asText())) {
                    named.add(path + "/datasource: " + e.getValue());
                }
                if (e.getKey().equals("datasource") && e.getValue().isTextual()) {
                    named.add(path + "/datasource: " + e.getValue());
                }
                walk(e.getValue(), path + "/" + e.getKey(), named);
            });
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                walk(node.get(i), path + "/" + i, named);
            }
        }
    }
}
