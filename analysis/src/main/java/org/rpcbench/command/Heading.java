package org.rpcbench.command;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The heading a group of options (a mixin) is listed under in the usage. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@interface Heading {
    String value();
}
