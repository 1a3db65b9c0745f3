package org.rpcbench.command;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A Markdown page as GitHub reads it: its headings and their anchors, its links, and what its fenced blocks hold. */
final class MarkdownPage {
    private static final Pattern HEADING = Pattern.compile("^(#{1,6}) +(.+?)\\s*#*\\s*$");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");

    /** A line of the page, numbered from 1. */
    record Line(int number, String text) {}

    final Path path;
    final List<String> lines;

    private MarkdownPage(Path path, List<String> lines) {
        this.path = path;
        this.lines = lines;
    }

    static MarkdownPage read(Path path) {
        try {
            return new MarkdownPage(path, Files.readAllLines(path, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + path, e);
        }
    }

    /** The lines outside fenced code blocks. */
    List<Line> prose() {
        return select(false);
    }

    /** The lines inside fenced code blocks (the fences left out). */
    List<Line> fenced() {
        return select(true);
    }

    private List<Line> select(boolean inside) {
        List<Line> out = new ArrayList<>();
        boolean fence = false;
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.startsWith("```")) {
                fence = !fence;
            } else if (fence == inside) {
                out.add(new Line(i + 1, l));
            }
        }
        return out;
    }

    /** Each heading's text, in order, as written (inline code keeps its backticks). */
    List<String> headings() {
        List<String> out = new ArrayList<>();
        for (Line l : prose()) {
            Matcher m = HEADING.matcher(l.text());
            if (m.matches()) {
                out.add(m.group(2));
            }
        }
        return out;
    }

    /** The anchors GitHub gives the headings: the slug, and -1, -2 ... for the second, third of one slug. */
    Set<String> anchors() {
        Map<String, Integer> seen = new HashMap<>();
        Set<String> out = new LinkedHashSet<>();
        for (String h : headings()) {
            String slug = slug(h);
            int n = seen.merge(slug, 1, Integer::sum) - 1;
            out.add(n == 0 ? slug : slug + "-" + n);
        }
        return out;
    }

    /** GitHub's rule: lower case, punctuation and symbols dropped but for - and _, each space a -. */
    static String slug(String heading) {
        return heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{M}\\p{N}\\p{Pc}\\- ]", "").replace(' ', '-');
    }

    /** Each link target outside code (inline or fenced), with its line. */
    List<Line> links() {
        List<Line> out = new ArrayList<>();
        for (Line l : prose()) {
            Matcher m = LINK.matcher(INLINE_CODE.matcher(l.text()).replaceAll(""));
            while (m.find()) {
                out.add(new Line(l.number(), m.group(1)));
            }
        }
        return out;
    }

    /** The first fenced block after the heading named, as it stands (with its final newline). */
    String blockAfter(String heading) {
        int start = -1;
        for (int i = 0; i < lines.size() && start < 0; i++) {
            Matcher m = HEADING.matcher(lines.get(i));
            if (m.matches() && m.group(2).equals(heading)) {
                start = i;
            }
        }
        if (start < 0) {
            throw new AssertionError(path + " has no heading '" + heading + "'");
        }
        int open = start + 1;
        while (open < lines.size() && !lines.get(open).startsWith("```")) {
            open++;
        }
        StringBuilder out = new StringBuilder();
        for (int i = open + 1; i < lines.size() && !lines.get(i).startsWith("```"); i++) {
            out.append(lines.get(i)).append('\n');
        }
        return out.toString();
    }

    /** The page's text outside fenced blocks and inside them alike. */
    String text() {
        return String.join("\n", lines);
    }

    @Override
    public String toString() {
        return path.toString();
    }
}
