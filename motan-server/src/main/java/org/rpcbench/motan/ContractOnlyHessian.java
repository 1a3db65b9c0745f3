package org.rpcbench.motan;

import com.caucho.hessian.io.ClassFactory;
import com.caucho.hessian.io.SerializerFactory;
import com.weibo.api.motan.serialize.Hessian2Serialization;

/**
 * Motan's hessian2 reading only the contract's classes and what they are made of, as hessian-http's servlet
 * reads them: Caucho Hessian's allowlist ({@link ClassFactory#setWhitelist}) with the contract's package and
 * the java.time classes its records hold; Hessian itself allows the JDK's {@code java.*} and
 * {@code javax.management.*}, but for java.lang's Runtime, Process, System and Thread. An object of any other class is never built: Hessian reads it as a map, so the call
 * fails. Motan's own factory has only a list of classes it refuses. Motan keeps one factory for the whole
 * JVM, so the server sets it before it exports.
 */
final class ContractOnlyHessian {

    private ContractOnlyHessian() {}

    static SerializerFactory factory() {
        SerializerFactory factory = new SerializerFactory();
        ClassFactory classes = factory.getClassFactory();
        classes.setWhitelist(true);
        classes.allow("org.rpcbench.contract.*");
        classes.allow("java.time.LocalDate");
        classes.allow("java.time.LocalDateTime");
        return factory;
    }

    /** Motan's hessian2 in this JVM reads through the allowlist from now on. */
    static void install() {
        Hessian2Serialization.setSerializerFactory(factory());
    }
}
