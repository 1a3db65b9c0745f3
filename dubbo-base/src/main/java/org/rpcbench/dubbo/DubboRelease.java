package org.rpcbench.dubbo;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Properties;
import org.apache.dubbo.common.Version;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;

/**
 * The Dubbo 3 release a pair runs on, and which of the settings every pair wants it has (see
 * {@link OptionalSetter}): the pairs build on 3.0 to 3.3, and a run record must say what was applied.
 *
 * @param version                the release: the version of the Dubbo jar on the class path
 * @param serializeCheck         it has the deserialization allowlist's settings (3.1.6 on)
 * @param executorModes          it has executor management modes (3.2.0 on)
 * @param preferSerialization    it has prefer-serialization (3.2.0 on)
 * @param sharedMetadataService  the MetadataService it exports beside a provider (metadata type "local") gets
 *                               the provider's protocol config (3.2.0 on, InternalServiceConfigBuilder); before,
 *                               one of its own without the provider's host (see {@link DubboFramework#bindExportsTo})
 */
record DubboRelease(String version, boolean serializeCheck, boolean executorModes, boolean preferSerialization,
        boolean sharedMetadataService) {
    /** Where the all-in-one jar says what it is; it survives shading into a pair's jar. */
    static final String POM_PROPERTIES = "META-INF/maven/org.apache.dubbo/dubbo/pom.properties";
    static final String INTERNAL_SERVICE_BUILDER = "org.apache.dubbo.config.bootstrap.builders.InternalServiceConfigBuilder";

    static final OptionalSetter SERIALIZE_CHECK_STATUS = new OptionalSetter(ApplicationConfig.class, "setSerializeCheckStatus", String.class);
    static final OptionalSetter AUTO_TRUST_SERIALIZE_CLASS = new OptionalSetter(ApplicationConfig.class, "setAutoTrustSerializeClass", Boolean.class);
    static final OptionalSetter TRUST_SERIALIZE_CLASS_LEVEL = new OptionalSetter(ApplicationConfig.class, "setTrustSerializeClassLevel", Integer.class);
    static final OptionalSetter CHECK_SERIALIZABLE = new OptionalSetter(ApplicationConfig.class, "setCheckSerializable", Boolean.class);
    /** Arrived together; a release with only some of them would be checked half-way, so it is refused. */
    static final List<OptionalSetter> SERIALIZE_CHECK_SETTERS = List.of(SERIALIZE_CHECK_STATUS, AUTO_TRUST_SERIALIZE_CLASS,
            TRUST_SERIALIZE_CLASS_LEVEL, CHECK_SERIALIZABLE);
    static final OptionalSetter EXECUTOR_MANAGEMENT_MODE = new OptionalSetter(ApplicationConfig.class, "setExecutorManagementMode", String.class);
    static final OptionalSetter PREFER_SERIALIZATION = new OptionalSetter(ProtocolConfig.class, "setPreferSerialization", String.class);

    /**
     * Whether a provider in a framework model of its own is served on every protocol: not on 3.0, whose
     * port-unification server (Triple's) takes its protocols from the default model (see DubboRuntime).
     */
    boolean ownFrameworkModelServed() {
        return !version.startsWith("3.0.");
    }

    /** Whether a consumer of a generated stub's interface uses the stub unasked (3.2 on); before, proxy "nativestub" asks. */
    boolean consumerFindsStubs() {
        return !version.startsWith("3.0.") && !version.startsWith("3.1.");
    }

    /** The release on the class path. */
    static DubboRelease current() {
        DubboFramework.useJdkLogging(); // before Dubbo's Version class makes its logger
        long present = SERIALIZE_CHECK_SETTERS.stream().filter(OptionalSetter::available).count();
        if (present != 0 && present != SERIALIZE_CHECK_SETTERS.size()) {
            throw new IllegalStateException("Dubbo " + jarVersion() + " has only " + present + " of the "
                    + SERIALIZE_CHECK_SETTERS.size() + " serialization-check settings " + SERIALIZE_CHECK_SETTERS.stream()
                    .map(OptionalSetter::name).toList() + ": the pairs cannot state what it checks");
        }
        return new DubboRelease(jarVersion(), present != 0, EXECUTOR_MANAGEMENT_MODE.available(),
                PREFER_SERIALIZATION.available(), present(INTERNAL_SERVICE_BUILDER));
    }

    /**
     * The Dubbo jar's own version. Not only {@code Version.getVersion()}: Dubbo 3.0.15 falls back to the name
     * of the jar it was loaded from, which in a pair's shaded jar is "server" or "client".
     */
    static String jarVersion() {
        try (InputStream in = DubboRelease.class.getClassLoader().getResourceAsStream(POM_PROPERTIES)) {
            if (in != null) {
                Properties p = new Properties();
                p.load(in);
                String v = p.getProperty("version");
                if (v != null && !v.isBlank()) {
                    return v.trim();
                }
            }
        } catch (IOException e) {
            // Dubbo's own answer below
        }
        return Version.getVersion();
    }

    private static boolean present(String className) {
        try {
            Class.forName(className, false, DubboRelease.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}
