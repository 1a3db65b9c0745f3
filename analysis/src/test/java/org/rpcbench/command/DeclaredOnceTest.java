package org.rpcbench.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.rpcbench.cli.Option;
import org.rpcbench.launcher.ClientOptions;
import org.rpcbench.server.ServerMain;
import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.OptionSpec;

/**
 * No option is declared twice. What is sound to check, and why:
 * <ul>
 * <li>Within the CLI, one name is one declaration: every command that takes an option of a name takes the
 * same annotated field (a group mixed into several commands), so its type, its limits (its converter), its
 * default and its help are one. Two fields of one name, even alike today, are two declarations that can
 * drift apart: refused.</li>
 * <li>Between the CLI and the programs it starts (the client's and the server's launchers, which read their
 * own command lines with another parser), an option whose value the CLI hands on (-t becomes --concurrency,
 * -r --rate, -p --port, -s --host, -f --result), and an option that bears the name of one of theirs
 * (verify's --rate checks what the client's --rate sets), must take exactly the same values. Names and
 * annotations cannot be compared across the two parsers, so both are asked: each value at and beyond every
 * limit either program has goes through both, and both must accept it or both refuse it.</li>
 * </ul>
 * A check that could not fail would be worthless: a second {@code --rounds} field, or a -t bound of 999,999,
 * fails it.
 */
class DeclaredOnceTest {

    static List<CommandLine> tree(CommandLine c) {
        List<CommandLine> all = new ArrayList<>(List.of(c));
        c.getSubcommands().values().forEach(s -> all.addAll(tree(s)));
        return all;
    }

    static String declaration(OptionSpec o) {
        return o.userObject() instanceof Field f ? f.getDeclaringClass().getName() + "#" + f.getName() : "not a field: " + o.longestName();
    }

    @Test
    void everyNameIsOneDeclarationInEveryCommand() {
        Map<String, Set<String>> declarations = new LinkedHashMap<>();
        for (CommandLine c : tree(Cli.commandLine(new Captured().context()))) {
            for (OptionSpec o : c.getCommandSpec().options()) {
                for (String name : o.names()) {
                    declarations.computeIfAbsent(name, n -> new TreeSet<>()).add(declaration(o));
                }
            }
        }
        assertThat(declarations).isNotEmpty();
        declarations.forEach((name, where) -> assertThat(where).as(name + " is declared in " + where).hasSize(1));
        // the options several commands take are mixed in, not repeated
        assertThat(declarations.get("--rounds")).containsExactly(EffortOptions.class.getName() + "#rounds");
        assertThat(declarations.get("--alpha")).containsExactly(Judging.Alpha.class.getName() + "#percent");
        assertThat(declarations.get("-h")).containsExactly(HelpOption.class.getName() + "#help");
    }

    /** The CLI's options that carry what a launcher's option carries, by the launcher option's name. */
    static final Map<String, String> HANDED_ON = Map.of("-t", "concurrency", "--threads", "concurrency", "-r", "rate", "--rate", "rate",
            "-p", "port", "-s", "host", "-f", "result");

    static final List<String> PROBES = List.of("-1", "0", "1", "2", "65535", "65536", "100000", "100001", "999999", "10000000", "10000001",
            "x", "", "4,4");

    @Test
    void whatTheCliHandsOnTheLaunchersTakeAlike() throws Exception {
        Map<String, OptionSpec> cli = new LinkedHashMap<>();
        for (CommandLine c : tree(Cli.commandLine(new Captured().context()))) {
            c.getCommandSpec().options().forEach(o -> List.of(o.names()).forEach(n -> cli.putIfAbsent(n, o)));
        }
        List<Option<?>> launchers = new ArrayList<>(ClientOptions.declared());
        launchers.addAll(ServerMain.declared());
        int compared = 0;
        for (Option<?> theirs : launchers) {
            List<String> ours = new ArrayList<>();
            HANDED_ON.forEach((cliName, launcherName) -> {
                if (launcherName.equals(theirs.name())) {
                    ours.add(cliName);
                }
            });
            if (cli.containsKey(theirs.longName()) && !ours.contains(theirs.longName())) {
                ours.add(theirs.longName());
            }
            for (String name : ours) {
                OptionSpec o = cli.get(name);
                assertThat(o).as(name).isNotNull();
                if (!theirs.takesValue()) {
                    continue;
                }
                for (String probe : PROBES) {
                    assertThat(accepts(o, probe)).as("./benchmark.sh " + name + " " + probe + " against the launchers' "
                            + theirs.longName() + " " + probe).isEqualTo(theirs.accepts(probe));
                }
                compared++;
            }
        }
        assertThat(compared).as("options compared").isGreaterThanOrEqualTo(HANDED_ON.size());
    }

    private static boolean accepts(OptionSpec o, String value) {
        ITypeConverter<?>[] converters = o.converters();
        if (converters == null || converters.length == 0) {
            return !value.isBlank();
        }
        try {
            converters[0].convert(value);
            return true;
        } catch (Exception e) {
            return false;
        }
    }
}
