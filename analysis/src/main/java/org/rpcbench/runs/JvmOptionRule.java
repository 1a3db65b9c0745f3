package org.rpcbench.runs;

import java.util.List;

/**
 * The JVM options a stored plan may not carry: those that load or run code of their own choosing (an agent, a
 * command on an error, a boot class path, an options or argument file, another JVM binary or class path).
 * The harness never gives them; a plan from a results folder made elsewhere is data, and one that asks for them
 * is refused rather than run.
 */
public final class JvmOptionRule {
    static final List<String> REFUSED = List.of("-javaagent", "-agentpath", "-agentlib", "-XX:OnError", "-XX:OnOutOfMemoryError",
            "-Xbootclasspath", "-XX:VMOptionsFile", "-XX:Flags", "-XX:CompileCommandFile", "-Djava.system.class.loader",
            "-Djava.security.manager", "-Djava.library.path", "-cp", "-classpath", "--class-path", "-jar", "--module-path",
            "--upgrade-module-path", "--patch-module", "-jvm", "@");

    private JvmOptionRule() {}

    /** The first word that asks for what a plan may not carry (a word, or its value after '='), or null. */
    public static String refused(List<String> words) {
        for (String word : words) {
            for (String part : word.split("=", -1)) {
                String w = part.strip();
                for (String r : REFUSED) {
                    if (w.equals(r) || w.startsWith(r) && (r.equals("@") || !Character.isLetterOrDigit(w.charAt(r.length())))) {
                        return word;
                    }
                }
            }
        }
        return null;
    }
}
