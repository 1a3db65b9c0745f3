package org.rpcbench.command;

import org.rpcbench.runs.Profile;
import picocli.CommandLine.Option;

/** How much a command that runs many runs puts in: each run's effort and how many rounds. */
@Heading("Options of suite, ab and calibrate:")
final class EffortOptions {
    @Option(names = {"-P", "--profile"}, paramLabel = "PROFILE", converter = Converters.ProfileName.class,
            description = "effort: smoke, quick (default for suites), full, ab (default for ab and calibrate)")
    Profile profile;

    @Option(names = {"-R", "--rounds"}, paramLabel = "N", converter = Converters.Rounds.class,
            description = "rounds, each running every pair (and every side of an ab) once in a new random order; a suite's"
                    + " default is 1 (full: 3); ab stops after N (with --budget, whichever comes first); calibrate's"
                    + " default is twice the rounds an ab of --budget fits")
    Integer rounds;

    /** The JMH options of every run: -a's, else the profile's, else the command's own profile's. */
    String clientArgs(LoadOptions load, Profile otherwise) {
        return load.clientArgs != null ? load.clientArgs : (profile != null ? profile : otherwise).jmhOptions();
    }
}
