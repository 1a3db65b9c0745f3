package org.rpcbench.command;

import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What every command declares alike, declared here once: its spec, through which it reads the options given
 * before it ({@link Subcommand}), and -h. picocli finds both in the superclass.
 */
abstract class AbstractCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    HelpOption help;
}
