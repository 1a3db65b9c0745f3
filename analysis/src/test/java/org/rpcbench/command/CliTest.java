package org.rpcbench.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.runs.Profile;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/** benchmark.sh's command line: options before or after the command and the pair, and one line for every bad input. */
class CliTest {
    @TempDir
    Path dir;

    final Captured cli = new Captured();

    /** Each is refused before anything is built or started: exit 2, one line on stderr naming the problem, nothing else. */
    static final String[][] BAD = {
        {"no-such-pair"}, {"-n", "dubbo-hessia."}, {"-x", "dubbo-hessian"}, {"-p", "http", "dubbo-hessian"}, {"-p", "65536", "dubbo-hessian"},
        {"-o", "nonsense", "dubbo-hessian"}, {"-t", "0", "dubbo-hessian"}, {"-t", "100,,500", "dubbo-hessian"}, {"-t", "4,4", "dubbo-hessian"},
        {"-t", "100001", "dubbo-hessian"}, {"-r", "fast", "dubbo-hessian"}, {"-r", "100", "-m", "profiling", "dubbo-hessian"},
        {"-m", "flames", "dubbo-hessian"}, {"-P", "quick", "dubbo-hessian"}, {"dubbo-hessian", "-P", "quick"}, {"-D", "5m", "dubbo-hessian"},
        {"-n", "-b", "-Dx=1", "dubbo-hessian"}, {"dubbo-hessian", "triple-protobuf"}, {}, {"-r", "100", "grpc-go"},
        {"-m", "profiling", "rpcx"}, {"-n", "-n", "dubbo-hessian"}, {"--overwrite", "dubbo-hessian"}, {"-a", "-wi 1", "dubbo-hessian-server"},
        {"-f", "x.json", "dubbo-hessian-server"}, {"-a"},
        {"-n", "suite", "seed-999"}, {"-n", "-P", "slow", "suite", "seed-001"}, {"-n", "-r", "100", "suite", "seed-001"},
        {"-n", "-o", "calibration.spin-ns=500", "suite", "seed-001"}, {"-n", "-D", "90s", "suite", "seed-001"}, {"-n", "suite"},
        {"-n", "suite", "seed-001", "-R", "0"}, {"-n", "-t", "8", "suite", "seed-001", "-t", "16"}, {"dubbo-hessian", "suite", "seed-001"},
        {"-l", "suite", "seed-001"}, {"-n", "-D", "10s", "soak", "dubbo-hessian"}, {"-n", "soak", "-a", "-wi 1", "dubbo-hessian"},
        {"-n", "soak", "dubbo-hessian-server"}, {"-n", "-s", "10.0.0.1", "soak", "dubbo-hessian"}, {"-n", "soak", "thrift"},
        {"-n", "soak", "grpc-go"}, {"-n", "-t", "2", "soak", "dubbo-hessian"}, {"-n", "-D", "60s", "pressure", "dubbo-hessian"},
        {"-n", "pressure", "--size-seed", "0", "dubbo-hessian"}, {"-n", "pressure", "thrift"}, {"-n", "pressure", "--switch-every", "x", "rmi"},
        {"-n", "pressure", "dubbo-hessian", "rmi"}, {"-n", "-a", "-wi 1", "pressure", "dubbo-hessian"}, {"-n", "verify", "--at-once", "echo5K=0", "d"},
        {"-n", "compare", "only-one"}, {"-n", "compare", "no/such/run.json", "results"}, {"-n", "compare", "--threshold", "-1", "a", "b"},
        {"-n", "-t", "4", "compare", "a", "b"}, {"-n", "merge", "results/merged", "only-one-client"},
        {"-n", "merge", "results/merged", "no/such/client", "another/client"}, {"-n", "history", "dubbo-hessian"},
        {"-n", "history", "record"}, {"-n", "ab", "no-such-pair"}, {"-n", "ab", "--baseline-rev", "no-such-revision", "dubbo-hessian"},
        {"-n", "-t", "4,8", "ab", "dubbo-hessian"}, {"-n", "ab", "--alpha", "50", "dubbo-hessian"},
        {"-n", "ab", "--alpha", "0.001", "dubbo-hessian"}, {"-n", "ab", "--alpha", "0.125", "dubbo-hessian"}, {"-n", "ab", "--alpha", ".5", "dubbo-hessian"},
        {"-n", "ab", "--candidate-switch", "x", "dubbo-hessian"}, {"-n", "ab", "-o", "calibration.spin-ns=1", "dubbo-hessian"},
        {"-n", "ab", "--report", "no/such/dir"}, {"-n", "ab", "-D", "1m", "dubbo-hessian"}, {"-n", "-p", "1", "ab", "dubbo-hessian"},
        {"-n", "-a", "-f 0 --steady-warmup x", "ab", "dubbo-hessian"}, {"-n", "-a", "-f 0 --steady-warmup=-1", "calibrate", "dubbo-hessian"},
        {"-n", "calibrate"}, {"-n", "calibrate", "-R", "2", "dubbo-hessian"}, {"-n", "calibrate", "--budgets", "1", "dubbo-hessian"},
        {"-n", "calibrate", "suite", "seed-001"}, {"-n", "verify"}, {"-n", "verify", "--cases", "x", "d"}, {"-n", "verify", "no/such/dir"},
        {"build"}, {"build", "no-such-pair"}, {"-n", "build", "dubbo-hessian"}, {"-b", "-q", "-n", "suite", "seed-001"},
        {"-n", "suite", "--releases", "3.x", "dubbo-versions"}, {"-n", "suite", "--releases", "3.0.15,3.0.15", "dubbo-versions"},
        {"-n", "suite", "--releases", "3.0.15,", "dubbo-versions"}, {"-n", "suite", "--releases", "3.0.15", "all"},
        {"-n", "--releases", "3.0.15", "dubbo-hessian"}, {"-n", "ab", "suite", "seed-000"},
        {"-n", "ab", "--see", "0", "dubbo-hessian"}, {"-n", "ab", "--see", "10", "--rounds", "4", "dubbo-hessian"},
        {"-n", "--clients", "2", "dubbo-hessian"}, {"-n", "--image", "x", "dubbo-hessian"}, {"-n", "--on", "kube", "dubbo-hessian"},
        {"-n", "--on", "docker", "dubbo-hessian-server"}, {"-n", "--on", "docker", "-c", "dubbo-hessian"},
        {"-n", "--on", "docker", "-t", "4,8", "dubbo-hessian"}, {"-n", "--on", "docker", "--clients", "0", "dubbo-hessian"},
        {"-n", "--on", "docker", "-r", "100", "--clients", "2", "dubbo-hessian"}, {"-n", "--on", "docker", "-s", "10.0.0.1", "dubbo-hessian"},
        {"-n", "--on", "docker", "-m", "profiling", "dubbo-hessian"}};

    @Test
    void everyBadInputIsOneLineOnStderrAndExitTwo() {
        for (String[] args : BAD) {
            String what = "./benchmark.sh " + String.join(" ", args);
            int exit = cli.run(args);
            assertThat(exit).as(what + ": " + cli.err()).isEqualTo(2);
            assertThat(cli.errLines()).as(what).hasSize(1);
            assertThat(cli.err()).as(what).matches("(benchmark.sh|rpc-bench [a-z]+): \\S.*\\n");
            assertThat(cli.err()).as(what).doesNotContain("Usage").doesNotContain("Exception");
            assertThat(cli.out()).as(what).isEmpty();
        }
    }

    @Test
    void theLineNamesTheProblem() {
        String[][] cases = {{"-n", "dubbo-hessia."}, {"-t", "4,4", "dubbo-hessian"}, {"-t", "0", "dubbo-hessian"},
            {"-p", "http", "dubbo-hessian"}, {"-P", "quick", "dubbo-hessian"}, {"-n", "-P", "slow", "suite", "seed-001"},
            {"-n", "-r", "100", "suite", "seed-001"}, {"-n", "-t", "8", "suite", "seed-001", "-t", "16"}, {"-o", "nonsense", "dubbo-hessian"},
            {"-n", "-a", "-f 0 --steady-warmup x", "ab", "dubbo-hessian"}, {"-n", "suite", "--releases", "3.0.15,3.0.15", "dubbo-versions"},
            {"-n", "suite", "--releases", "3.0.15", "all"}, {"-n", "soak", "triple-protobuf"}, {"-n", "-t", "2", "soak", "dubbo-hessian"}};
        String[] said = {"benchmark.sh: unknown pair 'dubbo-hessia.'", "benchmark.sh: -t names 4 twice",
            "benchmark.sh: -t needs positive whole numbers separated by commas, got '0'", "benchmark.sh: -p needs a port number, got 'http'",
            "benchmark.sh: -P is for suite, ab, calibrate and soak", "benchmark.sh: -P knows smoke, quick, full, ab, not 'slow'",
            "benchmark.sh: -r does not apply to suite", "benchmark.sh: -t given twice (before and after the command)",
            "benchmark.sh: -o needs NAME=VALUE, got 'nonsense'",
            "benchmark.sh: -a: --steady-warmup takes whole seconds from 0 to 3600, not 'x'",
            "benchmark.sh: --releases names 3.0.15 twice",
            "benchmark.sh: the suite all runs every pair, and only the Dubbo pairs have releases",
            "benchmark.sh: triple-protobuf calls the contract's IDL twin, which has no echoPersons",
            "benchmark.sh: a soak calls 3 methods at once: -t needs at least 3 callers, got 2"};
        for (int i = 0; i < cases.length; i++) {
            cli.run(cases[i]);
            assertThat(cli.err()).as(String.join(" ", cases[i])).startsWith(said[i]);
        }
    }

    ParseResult parse(String... args) {
        return Cli.commandLine(cli.context()).parseArgs(args);
    }

    @Test
    void aFalseAlarmRateCanBeSmallerThanOnePercent() {
        AbCommand ab = (AbCommand) parse("ab", "--alpha", "0.1", "dubbo-hessian").subcommand().commandSpec().userObject();
        assertThat(ab.alpha.percent).isEqualTo(0.1);
        cli.run("-n", "ab", "--alpha", "25", "dubbo-hessian");
        assertThat(cli.err()).isEqualTo("benchmark.sh: --alpha needs a false-alarm rate in percent from 0.01 to 20, got 25\n");
        cli.run("-n", "ab", "--alpha", "0.001", "dubbo-hessian");
        assertThat(cli.err()).isEqualTo("benchmark.sh: --alpha needs a false-alarm rate in percent from 0.01 to 20, to at most two decimal"
                + " places, got '0.001'\n");
    }

    @Test
    void optionsGoBeforeOrAfterTheCommandAndThePair() {
        ParseResult ab = parse("ab", "--rounds", "3", "-a", "-f 0 -wi 1 getUser", "dubbo-hessian");
        AbCommand command = (AbCommand) ab.subcommand().commandSpec().userObject();
        assertThat(command.running.effort.rounds).isEqualTo(3);
        assertThat(command.alpha.percent).isEqualTo(5.0);
        assertThat(command.running.load.clientArgs).isEqualTo("-f 0 -wi 1 getUser");
        assertThat(command.words).containsExactly("dubbo-hessian");

        ParseResult before = parse("-n", "-a", "-f 0 --steady-warmup 1", "-P", "smoke", "suite", "seed-003");
        Cli top = (Cli) before.commandSpec().userObject();
        assertThat(top.running.build.skip()).isTrue();
        assertThat(top.running.load.clientArgs).isEqualTo("-f 0 --steady-warmup 1");
        assertThat(top.running.effort.profile).isEqualTo(Profile.SMOKE);

        ParseResult after = parse("dubbo-hessian", "-n", "-t", "4,16", "-o", "dubbo.filters=default", "-o", "dubbo.decode-in-io=off");
        Cli pair = (Cli) after.commandSpec().userObject();
        assertThat(pair.words).containsExactly("dubbo-hessian");
        assertThat(pair.running.build.skip()).isTrue();
        assertThat(pair.running.load.concurrency()).containsExactly(4, 16);
        assertThat(pair.running.load.switches()).containsExactly("dubbo.filters=default", "dubbo.decode-in-io=off");

        ParseResult candidate = parse("ab", "--candidate-build", "-Ddubbo.version=3.3.5", "--baseline-rev", "HEAD~1", "suite", "seed-001");
        AbCommand c = (AbCommand) candidate.subcommand().commandSpec().userObject();
        assertThat(c.candidateBuild).isEqualTo("-Ddubbo.version=3.3.5");
        assertThat(c.words).containsExactly("suite", "seed-001");
    }

    @Test
    void theOptionsBeforeAndAfterACommandAreOneSet() throws Exception {
        LoadOptions before = new LoadOptions();
        before.switches = List.of("dubbo.filters=default");
        before.clientArgs = "-wi 1";
        LoadOptions after = new LoadOptions();
        after.switches = List.of("dubbo.decode-in-io=off");
        after.pin = true;
        LoadOptions m = Merge.merged(before, after);
        assertThat(m.switches()).containsExactly("dubbo.filters=default", "dubbo.decode-in-io=off");
        assertThat(m.clientArgs).isEqualTo("-wi 1");
        assertThat(m.pinned()).isTrue();
    }

    @Test
    void theUsageIsGeneratedFromTheDeclarationsAndShownOnlyWhenAsked() {
        assertThat(cli.run("-h")).isZero();
        String usage = cli.out();
        assertThat(usage).startsWith("Usage: ./benchmark.sh [options] PAIR ");
        for (String line : List.of("  -t, --concurrency N[,N...]", "  -o, --switch NAME=VALUE", "  -n, --no-build", "  -P, --profile PROFILE",
                "  -R, --rounds N", "  -D, --duration DURATION", "  -l, --list", "  -h, --help", "  -r RATE", "  --overwrite")) {
            assertThat(usage).contains("\n" + line);
        }
        assertThat(cli.err()).isEmpty();
        for (String command : List.of("ab", "calibrate", "compare", "verify", "suite", "soak", "pressure", "merge", "history", "build")) {
            assertThat(cli.run(command, "--help")).as(command).isZero();
            assertThat(cli.out()).as(command).startsWith("Usage: ./benchmark.sh").contains("  -h, --help");
        }
        cli.run("suite", "-h");
        assertThat(cli.out()).contains("Suites: seed-000");
        cli.run("ab", "-h");
        assertThat(cli.out()).contains("  --baseline-rev REV").contains("  --alpha PERCENT").contains("  -R, --rounds N");
    }

    /** picocli wraps a description line longer than the usage's width on its own, leaving a word or two on a line. */
    @Test
    void everyCommandsDescriptionLineFitsTheUsage() {
        List<CommandLine> commands = new ArrayList<>(List.of(Cli.commandLine(cli.context())));
        for (int i = 0; i < commands.size(); i++) {
            commands.addAll(commands.get(i).getSubcommands().values());
            for (String line : commands.get(i).getCommandSpec().usageMessage().description()) {
                assertThat(line.length()).as("%s: %s", commands.get(i).getCommandName(), line).isLessThanOrEqualTo(Usage.WIDTH);
            }
        }
        assertThat(commands).hasSizeGreaterThan(10);
    }

    /** docs/usage.md's benchmark.sh section shows the usage as the program prints it: the two cannot drift apart. */
    @Test
    void theUsagePageShowsTheUsageAsItIs() {
        cli.run("-h");
        assertThat(MarkdownPage.read(cli.root.resolve("docs/usage.md")).blockAfter("benchmark.sh")).isEqualTo(cli.out());
    }

    @Test
    void theListIsThePairs() {
        assertThat(cli.run("-l")).isZero();
        assertThat(cli.out().lines().toList()).contains("dubbo-hessian", "grpc-go", "triple-protobuf");
        assertThat(cli.err()).isEmpty();
    }

    @Test
    void commandLineParsingIsPicocliWithValuesThatLookLikeOptions() {
        CommandLine cl = Cli.commandLine(cli.context());
        assertThat(cl.isAllowOptionsAsOptionParameters()).isTrue();
    }
}
