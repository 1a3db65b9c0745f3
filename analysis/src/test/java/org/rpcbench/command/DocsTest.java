package org.rpcbench.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

/**
 * The README and the guide in docs/ stay true: their links and anchors resolve, every benchmark.sh command in
 * their code blocks is one the CLI accepts, each command's page names all its options, and every heading of the
 * former one-page README still has a home (CliTest holds docs/usage.md to the usage as printed).
 */
class DocsTest {
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    /** Each command's page: it names every option the command's help lists. */
    static final Map<String, String> PAGES = new LinkedHashMap<>();

    static {
        PAGES.put("benchmark.sh", "docs/usage.md");
        PAGES.put("suite", "docs/suites.md");
        PAGES.put("ab", "docs/ab.md");
        PAGES.put("calibrate", "docs/ab.md");
        PAGES.put("soak", "docs/soak.md");
        PAGES.put("pressure", "docs/soak.md");
        PAGES.put("build", "docs/usage.md");
        PAGES.put("compare", "docs/history.md");
        PAGES.put("merge", "docs/two-hosts.md");
        PAGES.put("history", "docs/history.md");
        PAGES.put("record", "docs/history.md");
        PAGES.put("verify", "docs/running.md");
    }

    final Captured cli = new Captured();

    static List<MarkdownPage> pages() {
        List<MarkdownPage> out = new ArrayList<>(List.of(MarkdownPage.read(ROOT.resolve("README.md"))));
        try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(p -> out.add(MarkdownPage.read(p)));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    @Test
    void everyLinkAndAnchorResolves() {
        List<String> broken = new ArrayList<>();
        int links = 0;
        for (MarkdownPage page : pages()) {
            for (MarkdownPage.Line link : page.links()) {
                String target = link.text();
                if (target.matches("^[a-z]+:.*")) {
                    continue; // another site's address: not this repository's to check
                }
                links++;
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                Path to = file.isEmpty() ? page.path : page.path.getParent().resolve(file).normalize();
                String where = ROOT.relativize(page.path) + ":" + link.number() + ": " + target;
                if (!Files.exists(to)) {
                    broken.add(where + " (no such file)");
                } else if (hash >= 0 && (Files.isDirectory(to) || !MarkdownPage.read(to).anchors().contains(target.substring(hash + 1)))) {
                    broken.add(where + " (no such heading)");
                }
            }
        }
        assertThat(broken).isEmpty();
        assertThat(links).isGreaterThan(100);
    }

    /**
     * Every line of a fenced block that starts with ./benchmark.sh (after a "$ " prompt) is accepted by the CLI's
     * parser; nothing runs. A line with a shell variable ($) is left out; a placeholder in capitals (PAIR, PID,
     * RUN_DIR) is passed as it stands, which the parser takes as a word like any other.
     */
    @Test
    void everyCommandInACodeBlockParses() {
        List<String> refused = new ArrayList<>();
        int commands = 0;
        for (MarkdownPage page : pages()) {
            for (MarkdownPage.Line line : page.fenced()) {
                String text = line.text().startsWith("$ ") ? line.text().substring(2) : line.text();
                if (!text.startsWith("./benchmark.sh ") || text.contains("$")) {
                    continue;
                }
                commands++;
                List<String> words = ShellWords.split(text);
                try {
                    Cli.commandLine(cli.context()).parseArgs(words.subList(1, words.size()).toArray(String[]::new));
                } catch (ParameterException e) {
                    refused.add(ROOT.relativize(page.path) + ":" + line.number() + ": " + text + "\n    " + Cli.message(e));
                }
            }
        }
        assertThat(refused).isEmpty();
        assertThat(commands).isGreaterThan(50);
    }

    /** Each command's page names every option its help lists, by one of its names. */
    @Test
    void eachCommandsPageNamesItsOptions() {
        List<String> unnamed = new ArrayList<>();
        List<CommandLine> commands = new ArrayList<>(List.of(Cli.commandLine(cli.context())));
        for (int i = 0; i < commands.size(); i++) {
            CommandLine command = commands.get(i);
            commands.addAll(command.getSubcommands().values());
            String name = command.getCommandName();
            assertThat(PAGES).as("the page of command '%s'", name).containsKey(name);
            String page = MarkdownPage.read(ROOT.resolve(PAGES.get(name))).text();
            for (OptionSpec option : command.getCommandSpec().options()) {
                if (option.hidden()) {
                    continue;
                }
                boolean named = false;
                for (String n : option.names()) {
                    named |= Pattern.compile("(?<![\\w-])" + Pattern.quote(n) + "(?![\\w-])").matcher(page).find();
                }
                if (!named) {
                    unnamed.add(name + " " + String.join(", ", option.names()) + " is not named in " + PAGES.get(name));
                }
            }
        }
        assertThat(unnamed).isEmpty();
        assertThat(commands).hasSizeGreaterThan(10);
    }

    private static final Pattern MOVED_ROW = Pattern.compile("^\\| (.+?) \\| \\[[^\\]]*\\]\\(([^)#]+)(#[^)]*)?\\) \\| (.+) \\|$");

    /** docs/MOVED.md: each heading named as a section's new home is a heading of the page it links to. */
    @Test
    void everyMovedSectionHasItsHeading() {
        MarkdownPage moved = MarkdownPage.read(ROOT.resolve("docs/MOVED.md"));
        List<String> missing = new ArrayList<>();
        int rows = 0;
        for (MarkdownPage.Line line : moved.prose()) {
            Matcher m = MOVED_ROW.matcher(line.text());
            if (!m.matches()) {
                continue;
            }
            rows++;
            MarkdownPage to = MarkdownPage.read(moved.path.getParent().resolve(m.group(2)).normalize());
            if (!to.headings().contains(m.group(4))) {
                missing.add("MOVED.md:" + line.number() + ": " + m.group(1) + " -> " + ROOT.relativize(to.path) + " has no heading '" + m.group(4) + "'");
            }
        }
        assertThat(missing).isEmpty();
        assertThat(rows).as("the former README's 30 headings and the parts without one").isGreaterThanOrEqualTo(30);
    }

    /** The README is a front door: at most 250 lines, the two set-up commands within its first 40, the second CI's own. */
    @Test
    void theReadmeIsShortAndStartsWithTheSetUp() throws IOException {
        MarkdownPage readme = MarkdownPage.read(ROOT.resolve("README.md"));
        assertThat(readme.lines).hasSizeLessThanOrEqualTo(250);
        String setup = readme.blockAfter("Setup: two commands");
        assertThat(setup.lines().map(l -> ShellWords.split(l).get(0)).toList()).containsExactly("./benchmark.sh", "./test.sh");
        int last = readme.lines.indexOf(setup.lines().toList().get(1)) + 1;
        assertThat(last).as("the line of the test command").isBetween(1, 40);
        assertThat(Files.readAllLines(ROOT.resolve(".ci/run"))).as(".ci/run runs the README's test command").contains("./test.sh");
    }

    /** Each page of the guide opens, under its title, with a sentence on what it is for: neither a heading, a list, a table nor code. */
    @Test
    void eachPageOpensWithWhatItIsFor() {
        List<String> bare = new ArrayList<>();
        for (MarkdownPage page : pages()) {
            List<String> text = page.lines.stream().filter(l -> !l.isBlank()).limit(2).toList();
            boolean opens = text.size() == 2 && text.get(0).startsWith("# ") && !text.get(1).matches("^(#|\\||```|>|[-*+] |\\d+\\. ).*");
            if (!opens) {
                bare.add(ROOT.relativize(page.path).toString());
            }
        }
        assertThat(bare).isEmpty();
    }
}
