package org.rpcbench.command;

import picocli.CommandLine.Mixin;

/**
 * The option groups every command that runs many runs takes, and the top level with them: the load, the
 * build and the effort, mixed in as one.
 */
final class RunningOptions {
    @Mixin
    LoadOptions load;
    @Mixin
    BuildOptions build;
    @Mixin
    EffortOptions effort;
}
