package org.rpcbench.binding;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * A pair's identity, declared once, in {@code pairs/NAME.properties} at the top of the checkout: its name,
 * its default port and the JVM flags it needs. The build copies it into both halves' jars (as
 * {@value #RESOURCE}) and puts the flags in their manifests, so neither half's code or pom repeats them.
 */
public record PairIdentity(String name, int port, String runtime, String jvmAddOpens) {
    public static final String RESOURCE = "META-INF/rpcbench/pair.properties";

    /** The identity of the pair the class {@code of} belongs to, from its jar (or its module's build output). */
    public static PairIdentity of(Class<?> of) {
        ClassLoader loader = of.getClassLoader() == null ? ClassLoader.getSystemClassLoader() : of.getClassLoader();
        try (InputStream in = loader.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(of.getName() + " has no pair identity (" + RESOURCE + "): a pair module's build"
                        + " writes it from pairs/NAME.properties");
            }
            Properties p = new Properties();
            p.load(in);
            return new PairIdentity(p.getProperty("name"), Integer.parseInt(p.getProperty("port")), p.getProperty("runtime"),
                    p.getProperty("jvm.add-opens", ""));
        } catch (IOException | NumberFormatException e) {
            throw new IllegalStateException("cannot read the pair identity of " + of.getName() + ": " + e.getMessage(), e);
        }
    }

    /**
     * The module openings as JVM options, for JVMs started from a class path (JMH's forks): {@code java -jar}
     * applies the jar's manifest, a fork does not.
     */
    public List<String> addOpensOptions() {
        return Arrays.stream(jvmAddOpens.trim().split("\\s+")).filter(p -> !p.isEmpty())
                .map(p -> "--add-opens=" + p + "=ALL-UNNAMED").toList();
    }
}
