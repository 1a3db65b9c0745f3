package org.rpcbench.record;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The run record (run.json): every case's figures with the context needed to judge whether two runs are
 * comparable. Read and written only through {@link Records}.
 *
 * @param schema {@value #SCHEMA}; a record from before schemas has {@code format} 1 instead
 * @param dataModel which contract data was measured ({@value #EPOCH_TIMES} for records that do not say)
 * @param jmh the closed loop's settings; null for an open-loop run
 * @param openLoop the open loop's settings; null for a closed-loop run
 * @param settingsHash a digest of what changes the numbers ({@link SettingsHash})
 * @param wireBytesNotMeasured why no case has its bytes on the wire: the client was told to skip them (an ab's or a
 *     calibration's run: they are no verdict's metric), or their measurement failed; null when they were measured
 * @param caseOrder the order the cases were asked to run in and ran in; null in records from before it was written
 */
public record RunRecord(
        Integer schema,
        @JsonInclude(JsonInclude.Include.NON_NULL) Integer format,
        String dataModel,
        String module,
        String binding,
        String target,
        String loop,
        @JsonInclude(JsonInclude.Include.NON_NULL) String jmhResult,
        @JsonInclude(JsonInclude.Include.NON_NULL) String jfrDir,
        boolean passed,
        @JsonInclude(JsonInclude.Include.NON_NULL) String interrupted,
        @JsonInclude(JsonInclude.Include.NON_NULL) Integer clients,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<String> mergedFrom,
        Map<String, String> framework,
        @JsonInclude(JsonInclude.Include.NON_NULL) LoadSettings jmh,
        @JsonInclude(JsonInclude.Include.NON_NULL) OpenLoopSettings openLoop,
        Environment environment,
        String settingsHash,
        List<CaseRecord> cases,
        List<String> missingCases,
        @JsonInclude(JsonInclude.Include.NON_NULL) String wireBytesNotMeasured,
        @JsonInclude(JsonInclude.Include.NON_NULL) CaseOrder caseOrder) {

    public static final int SCHEMA = 2;
    public static final String CLOSED_LOOP = "closed-loop";
    public static final String OPEN_LOOP = "open-loop";
    /** The data model of records that do not name one: the contract before it followed the seeds. */
    public static final String EPOCH_TIMES = "epoch-times";
    /** The framework setting that says a known CPU cost was added to every server call. */
    public static final String CALIBRATION = "calibrationSpinNanos";

    /** A record that says nothing of its bytes on the wire beyond each case's own. */
    public RunRecord(Integer schema, Integer format, String dataModel, String module, String binding, String target, String loop,
                     String jmhResult, String jfrDir, boolean passed, String interrupted, Integer clients, List<String> mergedFrom,
                     Map<String, String> framework, LoadSettings jmh, OpenLoopSettings openLoop, Environment environment,
                     String settingsHash, List<CaseRecord> cases, List<String> missingCases) {
        this(schema, format, dataModel, module, binding, target, loop, jmhResult, jfrDir, passed, interrupted, clients, mergedFrom,
                framework, jmh, openLoop, environment, settingsHash, cases, missingCases, null, null);
    }

    /** A record that says nothing of the order its cases ran in. */
    public RunRecord(Integer schema, Integer format, String dataModel, String module, String binding, String target, String loop,
                     String jmhResult, String jfrDir, boolean passed, String interrupted, Integer clients, List<String> mergedFrom,
                     Map<String, String> framework, LoadSettings jmh, OpenLoopSettings openLoop, Environment environment,
                     String settingsHash, List<CaseRecord> cases, List<String> missingCases, String wireBytesNotMeasured) {
        this(schema, format, dataModel, module, binding, target, loop, jmhResult, jfrDir, passed, interrupted, clients, mergedFrom,
                framework, jmh, openLoop, environment, settingsHash, cases, missingCases, wireBytesNotMeasured, null);
    }

    public RunRecord {
        framework = framework == null ? Map.of() : new TreeMap<>(framework);
        cases = cases == null ? List.of() : List.copyOf(cases);
        missingCases = missingCases == null ? List.of() : List.copyOf(missingCases);
        loop = loop == null ? CLOSED_LOOP : loop;
    }

    /** A new record: its schema, and passed only when every selected case ran without an error. */
    public static RunRecord of(String dataModel, String module, String binding, String target, String loop,
                               Map<String, String> framework, LoadSettings jmh, OpenLoopSettings openLoop,
                               Environment environment, List<CaseRecord> cases, List<String> missing) {
        boolean passed = !cases.isEmpty() && missing.isEmpty() && cases.stream().noneMatch(CaseRecord::failed);
        // each case says which side's CPU limited it; a merged record's cases come with each client's own
        cases = cases.stream().map(c -> c.cpuAndGc().saturated() != null ? c
                : c.withSaturation(Saturation.derive(c, environment, false))).toList();
        RunRecord r = new RunRecord(SCHEMA, null, dataModel, module, binding, target, loop, null, null, passed, null, null,
                null, framework, jmh, openLoop, environment, null, cases, missing);
        return r.withHash();
    }

    /** The schema this record was written in: 1 for records from before schemas were numbered. */
    @JsonIgnore
    public int schemaVersion() {
        return schema != null ? schema : format != null ? format : 1;
    }

    /** The data model measured; records that do not say measured the old one. */
    @JsonIgnore
    public String model() {
        return dataModel == null ? EPOCH_TIMES : dataModel;
    }

    @JsonIgnore
    public boolean isOpenLoop() {
        return OPEN_LOOP.equals(loop);
    }

    /** Calls in flight: benchmark threads, or open-loop senders. */
    @JsonIgnore
    public int threads() {
        return isOpenLoop() ? openLoop.senders() : jmh == null ? 0 : jmh.threads();
    }

    /**
     * The known CPU cost a calibration run added to every server call ("1500", or per method
     * "getUser:1100,listUser:2300", in ns); null for a real run.
     */
    @JsonIgnore
    public String calibration() {
        String v = framework.get(CALIBRATION);
        return v == null || v.equals("0") ? null : v;
    }

    /**
     * Which side's CPU limited case {@code c}: as the record says, or, in a record from before it was kept (or
     * from a writer that does not keep it), what its figures show; not known where they do not say.
     */
    public Saturation saturation(CaseRecord c) {
        Saturation kept = c.cpuAndGc().saturated();
        return kept != null ? kept : Saturation.derive(c, environment, clients != null && clients > 1);
    }

    /** The case of this name, or null. */
    public CaseRecord find(String name) {
        return cases.stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
    }

    /** "dubbo + hessian2, 3.3.6": what the pair is. */
    @JsonIgnore
    public String detail() {
        String serialization = framework.getOrDefault("serialization", "?").split("[ ,(]")[0];
        return framework.getOrDefault("protocol", "?") + " + " + serialization + ", " + framework.getOrDefault("frameworkVersion", "?");
    }

    /** The hash of what changes the numbers, computed when a record (from another writer) lacks it. */
    @JsonIgnore
    public String hash() {
        return settingsHash != null ? settingsHash : SettingsHash.of(this);
    }

    public RunRecord withHash() {
        return with(SettingsHash.of(this), jmhResult, jfrDir, interrupted, passed);
    }

    public RunRecord withFiles(String jmhFile, String jfrDirectory) {
        return with(settingsHash, jmhFile, jfrDirectory, interrupted, passed);
    }

    /** The record of a run stopped before every case ran: it did not pass. */
    public RunRecord interruptedBecause(String why) {
        return with(settingsHash, jmhResult, jfrDir, why, false);
    }

    public RunRecord mergedFrom(List<String> directories) {
        return new RunRecord(schema, format, dataModel, module, binding, target, loop, jmhResult, jfrDir, passed, interrupted,
                directories.size(), directories, framework, jmh, openLoop, environment, settingsHash, cases, missingCases,
                wireBytesNotMeasured, caseOrder);
    }

    /** The same record, saying why no case has its bytes on the wire (null: they were measured). */
    public RunRecord withWireBytesNotMeasured(String why) {
        return new RunRecord(schema, format, dataModel, module, binding, target, loop, jmhResult, jfrDir, passed, interrupted,
                clients, mergedFrom, framework, jmh, openLoop, environment, settingsHash, cases, missingCases, why, caseOrder);
    }

    /** The same record, saying the order its cases were asked to run in and ran in. */
    public RunRecord withCaseOrder(CaseOrder order) {
        return new RunRecord(schema, format, dataModel, module, binding, target, loop, jmhResult, jfrDir, passed, interrupted,
                clients, mergedFrom, framework, jmh, openLoop, environment, settingsHash, cases, missingCases, wireBytesNotMeasured, order);
    }

    private RunRecord with(String hash, String jmhFile, String jfr, String why, boolean pass) {
        return new RunRecord(schema, format, dataModel, module, binding, target, loop, jmhFile, jfr, pass, why, clients,
                mergedFrom, framework, jmh, openLoop, environment, hash, cases, missingCases, wireBytesNotMeasured, caseOrder);
    }
}
