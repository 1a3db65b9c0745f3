package org.rpcbench.runs;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.rpcbench.cli.UsageException;

/**
 * The pairs of a checkout, each declared once in {@code pairs/NAME.properties}: its name (the file's),
 * what it runs on ({@code java} or {@code go}), its default port, the JVM flags it needs and the wire it
 * speaks (pairs of one wire can call each other's servers), and whether it calls the contract's Java interface
 * or its IDL twin ({@code pair.contract=idl}), which lacks some of seed 003's calls. A name is matched as it
 * is, never as a pattern.
 */
public record Pairs(Path root, List<String> names) {

    public static Pairs of(Path root) throws IOException {
        Path dir = root.resolve("pairs");
        if (!Files.isDirectory(dir)) {
            throw new IOException("no pairs/ directory in " + root + " (is RPCBENCH_ROOT a checkout of rpc-bench?)");
        }
        try (Stream<Path> files = Files.list(dir)) {
            return new Pairs(root, files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".properties"))
                    .map(n -> n.substring(0, n.length() - ".properties".length())).sorted().toList());
        }
    }

    public boolean has(String pair) {
        return names.contains(pair);
    }

    /** The pair of this name; bad input when there is none. */
    public Pair named(String pair) throws UsageException, IOException {
        if (!has(pair)) {
            throw new UsageException("unknown pair '" + pair + "' (./benchmark.sh -l lists them)");
        }
        Properties p = declaration(pair);
        return new Pair(pair, p.getProperty("pair.runtime", "java").trim(), Integer.parseInt(p.getProperty("pair.port", "0").trim()));
    }

    /** A pair's declaration: runtime, port, JVM flags, wire. */
    public Properties declaration(String pair) throws IOException {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(root.resolve("pairs").resolve(pair + ".properties"), StandardCharsets.UTF_8)) {
            p.load(in);
        }
        return p;
    }

    public boolean javaPair(String pair) throws IOException {
        return "java".equals(declaration(pair).getProperty("pair.runtime"));
    }

    /** Whether the pair calls the contract's Java interface, which alone has every case (its IDL twin lacks a few). */
    public boolean callsJavaInterface(String pair) throws IOException {
        return !"idl".equals(declaration(pair).getProperty("pair.contract", "java-interface").trim());
    }
}
