package org.rpcbench.command;

import picocli.CommandLine.Option;

/** -h and --help, the same in every command: the usage, generated from the options' declarations. */
final class HelpOption {
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
    boolean help;
}
