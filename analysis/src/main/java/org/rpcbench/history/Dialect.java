package org.rpcbench.history;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Properties;

/**
 * The two databases a history store may be, and what differs between them: the driver, how a store is
 * named and connected to, how a time is kept, and how a writer takes the store for itself.
 */
enum Dialect {
    SQLITE("org.sqlite.JDBC", "TEXT"),
    POSTGRESQL("org.postgresql.Driver", "TIMESTAMP WITH TIME ZONE");

    /** SQLite keeps times as text; a fixed width keeps their order the order of the times. */
    static final DateTimeFormatter SQLITE_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);

    /** Any number, the same in every rpc-bench: the PostgreSQL advisory lock that writers of the schema share. */
    private static final long SCHEMA_LOCK = 0x7270_6362_656e_6368L;

    final String driver;
    final String timestampType;

    Dialect(String driver, String timestampType) {
        this.driver = driver;
        this.timestampType = timestampType;
    }

    /** The dialect of a store's address: a file path or {@code jdbc:sqlite:FILE}, or {@code jdbc:postgresql:...}. */
    static Dialect of(String where) throws SQLException {
        if (where.startsWith("jdbc:postgresql:")) {
            return POSTGRESQL;
        }
        // an address with a scheme (postgresql://..., mysql://...) is no file name, whatever a file system would allow
        boolean scheme = where.matches("[A-Za-z][A-Za-z0-9+.-]*://.*");
        if (where.startsWith("jdbc:sqlite:") || !where.startsWith("jdbc:") && !scheme) {
            return SQLITE;
        }
        throw new SQLException("a history store is a SQLite file (a path, or jdbc:sqlite:FILE) or a PostgreSQL"
                + " database (jdbc:postgresql://HOST:PORT/DB), not " + Redaction.redact(where));
    }

    /**
     * A connection to the store. A user and password may be in the URL's parameters or in the environment
     * (RPCBENCH_HISTORY_USER, RPCBENCH_HISTORY_PASSWORD). A SQLite file's folder is made if need be.
     */
    Connection connect(String where) throws SQLException {
        String url = where;
        Properties props = new Properties();
        String user = System.getenv("RPCBENCH_HISTORY_USER");
        String password = System.getenv("RPCBENCH_HISTORY_PASSWORD");
        if (user != null && !user.isEmpty()) {
            props.setProperty("user", user);
        }
        if (password != null && !password.isEmpty()) {
            props.setProperty("password", password);
        }
        if (this == POSTGRESQL) {
            // a store that does not answer is said within seconds, not after the TCP timeout
            props.putIfAbsent("connectTimeout", "4");
            props.putIfAbsent("loginTimeout", "6");
            props.putIfAbsent("socketTimeout", "60");
        } else {
            Path file = Path.of(where.startsWith("jdbc:") ? where.substring("jdbc:sqlite:".length()) : where);
            try {
                Path parent = file.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
            } catch (java.io.IOException e) {
                throw new SQLException("cannot create the folder of " + file + ": " + e.getMessage(), e);
            }
            url = "jdbc:sqlite:" + file;
            props.setProperty("busy_timeout", "30000"); // two runs recording at once wait their turn
            // a writer's transaction takes the file's write lock when it begins, so two writers queue rather
            // than fail when the second finds the first holding it part-way
            props.setProperty("transaction_mode", "IMMEDIATE");
        }
        Connection connection;
        try {
            Driver d = (Driver) Class.forName(driver).getDeclaredConstructor().newInstance();
            connection = d.connect(url, props);
        } catch (ReflectiveOperationException e) {
            throw new SQLException("the JDBC driver " + driver + " is not on the class path", e);
        }
        if (connection == null) {
            throw new SQLException("the driver does not take " + Redaction.redact(where));
        }
        return connection;
    }

    /**
     * Within a writer's transaction: waits until no other writer is changing the schema. SQLite's writer
     * already holds the file ({@code transaction_mode=IMMEDIATE}); PostgreSQL's takes an advisory lock, held
     * until the transaction ends.
     */
    void lockSchema(Connection connection) throws SQLException {
        if (this == POSTGRESQL) {
            try (PreparedStatement s = connection.prepareStatement("SELECT pg_advisory_xact_lock(?)")) {
                s.setLong(1, SCHEMA_LOCK);
                s.executeQuery().close();
            }
        }
    }

    /** Times are kept to the millisecond in every store, so both give back the same instant. */
    void setTime(PreparedStatement s, int i, Instant time) throws SQLException {
        Instant t = time.truncatedTo(ChronoUnit.MILLIS);
        if (this == POSTGRESQL) {
            s.setObject(i, OffsetDateTime.ofInstant(t, ZoneOffset.UTC));
        } else {
            s.setString(i, SQLITE_TIME.format(t));
        }
    }

    Instant time(ResultSet r, int i) throws SQLException {
        return this == POSTGRESQL ? r.getObject(i, OffsetDateTime.class).toInstant() : Instant.parse(r.getString(i));
    }
}
