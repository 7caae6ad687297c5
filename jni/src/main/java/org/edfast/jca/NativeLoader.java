// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Loads libedfastjni.so: from the jar when it holds libraries for this
 * platform (a platform jar, edfast-jca-VERSION-linux-ARCH.jar), else from the
 * system (java.library.path, where the .deb installs it).
 *
 * <p>A platform jar holds, per OpenSSL major version it was built for, the
 * JNI library and a portable edfast.so, under
 * {@code org/edfast/jca/native/<platform>/openssl<N>/}, with their SHA-256
 * digests recorded at build time in {@code org/edfast/jca/native/<platform>/SHA256SUMS}.
 * The pair for the newest OpenSSL the system has is tried first (the JNI
 * library needs that libcrypto: a pair whose libcrypto.so.N is in no usual
 * library folder comes last, and the dynamic loader decides), unless
 * {@code edfast.openssl} names one; edfast.so is written once its JNI library
 * has loaded.  Each is written into a directory
 * made for this process alone (mode 0700, checked to be this user's and not a
 * link, under {@code edfast.nativeDir} or {@code java.io.tmpdir}, whose parent
 * no other user may rename in) and compared with its digest before it is
 * loaded: the JNI library here, edfast.so by the JNI library (NativeLib.init);
 * the files are removed once OpenSSL has loaded edfast.so (the mappings stay).  {@code edfast.useSystemLibrary=true} takes the
 * system's library even from a platform jar.
 */
final class NativeLoader {
    private static final String ROOT = "/org/edfast/jca/native/";
    private static final String JNI = "libedfastjni.so";
    private static final String MODULE = "edfast.so";

    /** The directory the loaded pair was written to; null when the system's library was loaded. */
    private static Path extracted;
    /** The folder of the bundled edfast.so that goes with the loaded JNI library, and its digest. */
    private static String moduleDir;
    private static String moduleDigest;

    private NativeLoader() {
    }

    /** Null when the JNI library is loaded, else why not. */
    static String load() {
        String platform = platform();
        Properties digests = platform == null ? null : digests(platform);
        if (digests == null || Boolean.getBoolean("edfast.useSystemLibrary")) {
            try {
                System.loadLibrary("edfastjni");
                return null;
            } catch (UnsatisfiedLinkError | SecurityException e) {
                return "cannot load the JNI library edfastjni: " + e.getMessage();
            }
        }
        List<String> tried = new ArrayList<>();
        Path dir;
        try {
            dir = privateDirectory();
        } catch (IOException | SecurityException e) {
            return "cannot make a private directory for the bundled libraries: " + e.getMessage()
                    + " (edfast.nativeDir names another place)";
        }
        for (String major : majors(digests)) {
            Path pairDir = dir.resolve("openssl" + major);
            try {
                Files.createDirectory(pairDir);
                Path jni = extract(platform, "openssl" + major + "/" + JNI, pairDir.resolve(JNI), digests, true);
                System.load(jni.toString());
                extracted = dir;
                try {
                    extract(platform, "openssl" + major + "/" + MODULE, pairDir.resolve(MODULE), digests, false);
                } catch (IOException e) {
                    // The JNI library is loaded: no other pair may follow it into this JVM.
                    removeExtracted();
                    return "cannot write the bundled edfast.so for OpenSSL " + major + ": " + e.getMessage();
                }
                moduleDir = pairDir.toString();
                moduleDigest = digests.getProperty("openssl" + major + "/" + MODULE);
                return null;
            } catch (UnsatisfiedLinkError e) {
                tried.add("OpenSSL " + major + ": " + e.getMessage()
                        + (e.getMessage() != null && e.getMessage().contains("map segment")
                            ? " (" + dir.getParent() + " may be mounted noexec: set edfast.nativeDir)" : ""));
            } catch (IOException | SecurityException e) {
                tried.add("OpenSSL " + major + ": " + e.getMessage());
            }
        }
        removeExtracted(dir);
        return "cannot load the bundled JNI library for " + platform + ": " + String.join("; ", tried);
    }

    /** The folder holding the jar's edfast.so for the loaded JNI library, or null (the system's library). */
    static String bundledModuleDir() {
        return moduleDir;
    }

    /**
     * The SHA-256 recorded for that edfast.so: the JNI library checks the file
     * against it before OpenSSL loads it (OpenSSL's SHA-256 is quick where a
     * JVM that has just started takes hundreds of milliseconds for a megabyte).
     */
    static String bundledModuleDigest() {
        return moduleDigest;
    }

    /** Removes the written files once nothing will open them again (OpenSSL has loaded edfast.so). */
    static void removeExtracted() {
        if (extracted != null) {
            removeExtracted(extracted);
            extracted = null;
        }
    }

    /** Java's classifier for this platform ("linux-x86_64", "linux-aarch_64"), or null. */
    private static String platform() {
        if (!System.getProperty("os.name", "").equals("Linux")) {
            return null;
        }
        switch (System.getProperty("os.arch", "")) {
            case "amd64":
            case "x86_64":
                return "linux-x86_64";
            case "aarch64":
                return "linux-aarch_64";
            default:
                return null;
        }
    }

    /** The jar's digests for the platform ("openssl3/libedfastjni.so" -> hex), or null: none bundled. */
    private static Properties digests(String platform) {
        try (InputStream in = NativeLoader.class.getResourceAsStream(ROOT + platform + "/SHA256SUMS")) {
            if (in == null) {
                return null;
            }
            Properties p = new Properties();
            for (String line : new String(in.readAllBytes(), StandardCharsets.US_ASCII)
                    .split("\n")) {
                String[] f = line.trim().split("\\s+");
                if (f.length == 2) {
                    p.setProperty(f[1], f[0]);
                }
            }
            return p;
        } catch (IOException e) {
            return null;
        }
    }

    /** Version numbers as numbers (a class, not a lambda: see removeExtracted). */
    private static final class NumericOrder implements Comparator<String> {
        @Override
        public int compare(String a, String b) {
            return Integer.compare(Integer.parseInt(a), Integer.parseInt(b));
        }
    }

    /** OpenSSL majors to try: edfast.openssl's, else every bundled one, newest first. */
    private static List<String> majors(Properties digests) {
        String asked = System.getProperty("edfast.openssl");
        List<String> majors = new ArrayList<>();
        if (asked != null) {
            majors.add(asked);
            return majors;
        }
        for (String name : digests.stringPropertyNames()) {
            if (name.startsWith("openssl") && name.endsWith("/" + JNI)) {
                majors.add(name.substring("openssl".length(), name.indexOf('/')));
            }
        }
        majors.sort(Collections.reverseOrder(new NumericOrder()));
        // A pair whose libcrypto is nowhere the loader looks first would only
        // be written to fail: tried last, in case the library is elsewhere.
        List<String> present = new ArrayList<>();
        for (String major : majors) {
            if (libcryptoPresent(major)) {
                present.add(major);
            }
        }
        for (String major : majors) {
            if (!present.contains(major)) {
                present.add(major);
            }
        }
        return present;
    }

    /** Whether libcrypto.so.MAJOR is in LD_LIBRARY_PATH or a usual library folder. */
    private static boolean libcryptoPresent(String major) {
        List<String> dirs = new ArrayList<>();
        String ld = System.getenv("LD_LIBRARY_PATH");
        if (ld != null) {
            dirs.addAll(List.of(ld.split(":")));
        }
        String multiarch = System.getProperty("os.arch").equals("aarch64") ? "aarch64-linux-gnu" : "x86_64-linux-gnu";
        dirs.addAll(List.of("/lib/" + multiarch, "/usr/lib/" + multiarch, "/lib64", "/usr/lib64", "/lib", "/usr/lib",
                "/usr/local/lib64", "/usr/local/lib"));
        for (String d : dirs) {
            if (!d.isEmpty() && Files.exists(Paths.get(d, "libcrypto.so." + major))) {
                return true;
            }
        }
        return false;
    }

    /**
     * A new directory only this user can enter, in a parent no other user can
     * rename entries of (owned by this user or root, and not writable by others
     * unless sticky, as /tmp is).
     */
    private static Path privateDirectory() throws IOException {
        Path parent = Paths.get(System.getProperty("edfast.nativeDir", System.getProperty("java.io.tmpdir")))
                .toAbsolutePath();
        Path dir = newDirectory(parent);
        int me = (Integer) Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS);
        int mode = (Integer) Files.getAttribute(dir, "unix:mode", LinkOption.NOFOLLOW_LINKS);
        int parentMode = (Integer) Files.getAttribute(parent, "unix:mode");
        int parentOwner = (Integer) Files.getAttribute(parent, "unix:uid");
        boolean othersWrite = (parentMode & 0022) != 0;
        boolean sticky = (parentMode & 01000) != 0;
        String unsafe = null;
        if ((parentOwner != me && parentOwner != 0) || (othersWrite && !sticky)) {
            unsafe = parent + " is not safe for libraries (mode " + Integer.toOctalString(parentMode & 07777)
                    + ", owner uid " + parentOwner + "): another user could replace what is written there";
        } else if (Files.isSymbolicLink(dir) || (mode & 07777) != 0700) {
            unsafe = dir + " is not this user's private directory";
        }
        if (unsafe != null) {
            removeExtracted(dir);
            throw new IOException(unsafe);
        }
        return dir;
    }

    /**
     * A directory of a name no other process asked for, made with mode 0700
     * (createDirectory fails on a name that exists, so a name someone else
     * made first is never taken); the checks after it, not the name, keep it
     * safe.
     */
    private static Path newDirectory(Path parent) throws IOException {
        FileAttribute<?> owner = PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"));
        for (int attempt = 0;; attempt++) {
            Path dir = parent.resolve("edfast-" + Long.toHexString(ThreadLocalRandom.current().nextLong()));
            try {
                return Files.createDirectory(dir, owner);
            } catch (FileAlreadyExistsException e) {
                if (attempt == 9) {
                    throw new IOException("no new directory in " + parent + " after ten names", e);
                }
            }
        }
    }

    /**
     * Writes the jar's resource to target; with check, reads it back and
     * compares it with the recorded digest (the JNI library: edfast.so is
     * checked by the JNI library itself before it is loaded).
     */
    private static Path extract(String platform, String name, Path target, Properties digests, boolean check)
            throws IOException {
        String expected = digests.getProperty(name);
        if (expected == null) {
            throw new IOException("the jar records no digest of " + name);
        }
        try (InputStream in = NativeLoader.class.getResourceAsStream(ROOT + platform + "/" + name)) {
            if (in == null) {
                throw new IOException("the jar holds no " + name);
            }
            try (OutputStream out = Files.newOutputStream(target, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
                in.transferTo(out);
            }
        } catch (FileAlreadyExistsException e) {
            throw new IOException(target + " exists already in a new private directory");
        }
        if (!check) {
            return target;
        }
        String actual = sha256(target);
        if (!actual.equals(expected)) {
            throw new IOException(name + " as written to " + target + " has SHA-256 " + actual
                    + ", not the " + expected + " recorded when the jar was built: not loaded");
        }
        return target;
    }

    private static String sha256(Path file) throws IOException {
        return Sha256.hex(Files.readAllBytes(file));
    }

    /**
     * Removes dir and what it holds (files, and folders of files).  Loops,
     * not streams and lambdas: their first use bootstraps invokedynamic, tens
     * of milliseconds of a JVM's start that the provider's first use would add.
     */
    private static void removeExtracted(Path dir) {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                if (Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
                    removeExtracted(entry);
                } else {
                    delete(entry);
                }
            }
        } catch (IOException e) {
            // what is left goes at exit
        }
        delete(dir);
    }

    private static void delete(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            p.toFile().deleteOnExit();
        }
    }
}
