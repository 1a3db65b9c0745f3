package org.rpcbench.cluster;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * A client's result folder (run.json, jmh.json, tallies/) as its container prints it to the log: a tar
 * archive, gzipped, in base64 ({@code tar -cf - . | gzip -c | base64}). Read back here into its files,
 * which {@link #write} lays out as a folder that {@code merge} takes as it takes a client host's.
 * Only regular files and folders are kept; a name that would leave the folder is refused.
 */
public final class ResultArchive {
    private static final int BLOCK = 512;

    private ResultArchive() {}

    /** The files in the printed archive, by relative path ("run.json", "tallies/..."), in archive order. */
    public static Map<String, byte[]> unpack(String base64) {
        byte[] tar;
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(Base64.getMimeDecoder().decode(base64.strip())))) {
            tar = in.readAllBytes();
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalArgumentException("the client's printed results are not a gzipped tar in base64: " + e.getMessage(), e);
        }
        Map<String, byte[]> files = new LinkedHashMap<>();
        String longName = null;
        int at = 0;
        while (at + BLOCK <= tar.length && tar[at] != 0) {
            String name = text(tar, at, 100);
            String prefix = text(tar, at + 345, 155);
            long size = Long.parseLong(text(tar, at + 124, 12).strip().isEmpty() ? "0" : text(tar, at + 124, 12).strip(), 8);
            char type = (char) tar[at + 156];
            int data = at + BLOCK;
            if (data + size > tar.length) {
                throw new IllegalArgumentException("the client's printed results end inside " + name);
            }
            if (type == 'L') {
                longName = new String(tar, data, (int) size, StandardCharsets.UTF_8).replace("\0", "");
            } else {
                String path = longName != null ? longName : prefix.isEmpty() ? name : prefix + "/" + name;
                longName = null;
                if (type == '0' || type == 0) {
                    byte[] content = new byte[(int) size];
                    System.arraycopy(tar, data, content, 0, (int) size);
                    files.put(relative(path), content);
                }
            }
            at = data + (int) ((size + BLOCK - 1) / BLOCK * BLOCK);
        }
        return files;
    }

    /** The files as a tar, gzipped, in base64: what the client's container prints (for tests and tools). */
    public static String pack(Map<String, byte[]> files) {
        ByteArrayOutputStream tar = new ByteArrayOutputStream();
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            byte[] header = new byte[BLOCK];
            byte[] name = ("./" + f.getKey()).getBytes(StandardCharsets.UTF_8);
            if (name.length > 100) {
                throw new IllegalArgumentException("a name longer than 100 bytes: " + f.getKey());
            }
            System.arraycopy(name, 0, header, 0, name.length);
            put(header, 100, "0000644");
            put(header, 108, "0000000");
            put(header, 116, "0000000");
            put(header, 124, String.format("%011o", f.getValue().length));
            put(header, 136, "00000000000");
            header[156] = '0';
            put(header, 257, "ustar");
            put(header, 263, "00");
            for (int i = 148; i < 156; i++) {
                header[i] = ' ';
            }
            int sum = 0;
            for (byte b : header) {
                sum += b & 0xff;
            }
            put(header, 148, String.format("%06o", sum));
            header[154] = 0;
            tar.writeBytes(header);
            tar.writeBytes(f.getValue());
            tar.writeBytes(new byte[(BLOCK - f.getValue().length % BLOCK) % BLOCK]);
        }
        tar.writeBytes(new byte[2 * BLOCK]);
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(tar.toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Base64.getMimeEncoder().encodeToString(gz.toByteArray());
    }

    /** Lays the files out under {@code dir}, made if missing. */
    public static void write(Map<String, byte[]> files, Path dir) throws IOException {
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            Path to = dir.resolve(f.getKey()).normalize();
            if (!to.startsWith(dir.normalize())) {
                throw new IOException("a result file outside its folder: " + f.getKey());
            }
            Files.createDirectories(to.getParent());
            Files.write(to, f.getValue());
        }
    }

    private static String relative(String path) {
        String p = path.startsWith("./") ? path.substring(2) : path;
        if (p.startsWith("/") || p.equals("..") || p.startsWith("../") || p.contains("/../") || p.endsWith("/..")) {
            throw new IllegalArgumentException("the client's printed results name a file outside its folder: " + path);
        }
        return p;
    }

    private static String text(byte[] b, int from, int length) {
        int end = from;
        while (end < from + length && b[end] != 0) {
            end++;
        }
        return new String(b, from, end - from, StandardCharsets.UTF_8);
    }

    private static void put(byte[] header, int at, String value) {
        byte[] v = value.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(v, 0, header, at, v.length);
    }
}
