// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.Signature;
import java.security.spec.EdECPrivateKeySpec;
import java.security.spec.NamedParameterSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * The platform jar (-Dedfast.test.platformJar: the classes with this build's
 * libedfastjni.so and edfast.so inside) used as an application uses it: on
 * the class path alone, with no java.library.path, edfast.modules or OpenSSL
 * configuration.  Each case runs in a JVM of its own (the loader runs once a
 * process):
 *   serve      the bundled pair extracted, checked, loaded; edfast serves
 *              RFC 8032's signatures; the extracted files are gone after;
 *   tampered   the jar's edfast.so, then its libedfastjni.so, altered after
 *              its digest was recorded: refused, SunEC serves, loadingError
 *              says why;
 *   unsafe     edfast.nativeDir a folder other users may write in (0777, not
 *              sticky): nothing written there, SunEC serves with the reason;
 *   noexec     java.io.tmpdir on a noexec mount: SunEC, the reason names it;
 *   nolibcrypto no libcrypto on the system: SunEC, the reason names it;
 *   major      edfast.openssl names a pair the jar lacks: SunEC, the reason;
 *   threads    16 threads make the first use at once: one load, all right;
 *   loaders    two class loaders each load the jar: each serves, natively.
 * Prints "N checks, M failures".
 */
public final class PlatformJarMain {
    /** RFC 8032 7.1 TEST 1: seed and signature of the empty message. */
    private static final Object[] TEST1 = Rfc8032Vectors.ALL[0];
    private static int checks;
    private static int failures;

    private PlatformJarMain() {
    }

    private static void check(boolean ok, String what) {
        checks++;
        if (!ok) {
            failures++;
            System.out.println("FAIL: " + what);
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 2 && args[0].equals("child")) {
            child(args[1]);
        } else {
            parent();
        }
        System.out.println(checks + " checks, " + failures + " failures");
        System.exit(failures == 0 && checks > 0 ? 0 : 1);
    }

    // ---- the parent: one JVM a case ----

    private static void parent() throws Exception {
        Path jar = Paths.get(System.getProperty("edfast.test.platformJar"));
        Path work = Files.createTempDirectory("edfast-platform-test");
        try {
            runChild(jar, "serve", List.of());
            runChild(jar, "threads", List.of());
            runChild(jar, "loaders", List.of("-Dedfast.test.platformJar=" + jar));
            runChild(jar, "major", List.of("-Dedfast.openssl=99"));
            // edfast.so is checked by the JNI library, the JNI library by the loader.
            for (String library : new String[] {"edfast.so", "libedfastjni.so"}) {
                Path tampered = work.resolve("tampered-" + library + ".jar");
                tamper(jar, tampered, library);
                runChild(tampered, "tampered", List.of());
            }
            Path open = work.resolve("open");
            Files.createDirectory(open);
            Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
            runChild(jar, "unsafe", List.of("-Dedfast.nativeDir=" + open));
            try (var left = Files.list(open)) {
                check(left.count() == 0, "something was left in the unsafe folder " + open);
            }
            noexec(jar, work);
            noLibcrypto(jar);
        } finally {
            try (var walk = Files.walk(work)) {
                walk.sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /**
     * java.io.tmpdir on a noexec mount (a tmpfs in a mount namespace of the
     * child's own: root and unshare needed, else said and skipped).
     */
    private static void noexec(Path jar, Path work) throws Exception {
        if (!canUnshare("noexec")) {
            return;
        }
        Path mount = work.resolve("noexec");
        Files.createDirectory(mount);
        runChild(jar, "noexec", List.of("-Djava.io.tmpdir=" + mount),
                unshare("sh", "-c", "mount -t tmpfs -o noexec,mode=1777 edfast-noexec \"$0\" && exec \"$@\"",
                        mount.toString()));
    }

    /**
     * No libcrypto on the system: in a mount namespace of the child's own, an
     * empty file over every libcrypto.so.N (root and unshare needed).
     */
    private static void noLibcrypto(Path jar) throws Exception {
        if (!canUnshare("nolibcrypto")) {
            return;
        }
        runChild(jar, "nolibcrypto", List.of(),
                unshare("sh", "-c", "for f in /usr/lib/*/libcrypto.so.* /lib/*/libcrypto.so.*; do [ -e \"$f\" ] "
                        + "&& mount --bind /dev/null \"$f\"; done; exec \"$@\"", "sh"));
    }

    private static final Path UNSHARE = Paths.get("/usr/bin/unshare");

    /**
     * unshare -m and the command: the new mount namespace private, except in
     * a chroot (its root no mount point), where unshare cannot make it so and
     * the chroot's own namespace is private already (scripts/debian-chroot.sh).
     */
    private static List<String> unshare(String... command) throws Exception {
        boolean rootMounted = Files.readAllLines(Paths.get("/proc/self/mountinfo")).stream()
                .anyMatch(line -> line.split(" ")[4].equals("/"));
        List<String> cmd = new ArrayList<>(List.of(UNSHARE.toString(), "-m"));
        if (!rootMounted) {
            cmd.addAll(List.of("--propagation", "unchanged"));
        }
        cmd.addAll(List.of(command));
        return cmd;
    }

    private static boolean canUnshare(String mode) {
        if (System.getProperty("user.name").equals("root") && Files.isExecutable(UNSHARE)) {
            return true;
        }
        System.out.println("case " + mode + ": skipped (needs root and " + UNSHARE + ")");
        return false;
    }

    private static void runChild(Path jar, String mode, List<String> props) throws Exception {
        runChild(jar, mode, props, List.of());
    }

    private static void runChild(Path jar, String mode, List<String> props, List<String> wrapper) throws Exception {
        List<String> cmd = new ArrayList<>(wrapper);
        cmd.add(System.getProperty("java.home") + "/bin/java");
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (a.startsWith("--enable-native-access") || a.startsWith("-Xm")) {
                cmd.add(a);
            }
        }
        cmd.addAll(props);
        String tests = Paths.get(PlatformJarMain.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
        cmd.addAll(List.of("-cp", tests + ":" + jar, PlatformJarMain.class.getName(), "child", mode));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String last = null;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null;) {
                System.out.println("  " + mode + ": " + line);
                last = line;
            }
        }
        int rc = p.waitFor();
        check(rc == 0 && last != null && last.endsWith(" 0 failures"), "case " + mode + ": exit " + rc);
    }

    /** A copy of the jar whose bundled library differs in one byte from what its digest says. */
    private static void tamper(Path jar, Path out, String library) throws Exception {
        try (ZipFile in = new ZipFile(jar.toFile());
                ZipOutputStream zout = new ZipOutputStream(Files.newOutputStream(out))) {
            boolean altered = false;
            for (Enumeration<? extends ZipEntry> e = in.entries(); e.hasMoreElements();) {
                ZipEntry entry = e.nextElement();
                byte[] data = in.getInputStream(entry).readAllBytes();
                if (entry.getName().endsWith("/" + library)) {
                    data[data.length / 2] ^= 1;
                    altered = true;
                }
                zout.putNextEntry(new ZipEntry(entry.getName()));
                zout.write(data);
                zout.closeEntry();
            }
            check(altered, "the platform jar holds no " + library + " to alter");
        }
    }

    // ---- the child: one case ----

    private static void child(String mode) throws Exception {
        System.out.println("EdFast: " + EdFastProvider.openSslProvider());
        switch (mode) {
            case "serve":
                expectNative();
                String details = NativeLib.details();
                System.out.println("details: " + details);
                int at = details.indexOf("loaded ");
                check(at >= 0 && details.indexOf("/edfast-", at) > 0 && details.indexOf("/edfast.so", at) > 0,
                        "edfast.so was not loaded from the extracted pair");
                if (at >= 0) {
                    String loaded = details.substring(at + "loaded ".length()).split("[; ]")[0];
                    check(!Files.exists(Paths.get(loaded).getParent().getParent()),
                            "the extracted files are still there: " + loaded);
                }
                signs(new EdFastProvider());
                break;
            case "threads":
                threads();
                break;
            case "loaders":
                loaders();
                break;
            case "tampered":
                expectSunEc("recorded when the jar was built");
                break;
            case "unsafe":
                expectSunEc("is not safe for libraries");
                break;
            case "nolibcrypto":
                expectSunEc("libcrypto.so");
                break;
            case "noexec":
                expectSunEc("may be mounted noexec: set edfast.nativeDir");
                break;
            case "major":
                expectSunEc("records no digest of openssl99/libedfastjni.so");
                break;
            default:
                check(false, "unknown case " + mode);
        }
    }

    private static void expectNative() {
        check(EdFastProvider.isNative() && EdFastProvider.loadingError().isEmpty()
                && EdFastProvider.openSslProvider().startsWith("edfast ("),
                "the native path does not serve: " + EdFastProvider.loadingError());
    }

    private static void expectSunEc(String reason) throws Exception {
        System.out.println("loadingError: " + EdFastProvider.loadingError());
        check(!EdFastProvider.isNative() && EdFastProvider.loadingError().contains(reason),
                "expected SunEC with \"" + reason + "\"");
        signs(new EdFastProvider());
    }

    /** RFC 8032 7.1 TEST 1 through the provider. */
    private static void signs(Provider p) throws Exception {
        PrivateKey key = KeyFactory.getInstance("Ed25519", p).generatePrivate(
                new EdECPrivateKeySpec(NamedParameterSpec.ED25519, T.hex((String) TEST1[2])));
        Signature s = Signature.getInstance("Ed25519", p);
        s.initSign(key);
        check(Arrays.equals(s.sign(), T.hex((String) TEST1[7])), p.getClass().getClassLoader() + ": not RFC 8032's signature");
    }

    private static void threads() throws Exception {
        int n = 16;
        CountDownLatch start = new CountDownLatch(1);
        AtomicInteger right = new AtomicInteger();
        List<Thread> all = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Thread t = new Thread(() -> {
                try {
                    start.await();
                    Provider p = new EdFastProvider();
                    KeyPair kp = T.keyPair("Ed25519", p);
                    Signature s = Signature.getInstance("Ed25519", p);
                    s.initSign(kp.getPrivate());
                    s.update(new byte[] {1, 2, 3});
                    byte[] sig = s.sign();
                    Signature v = Signature.getInstance("Ed25519", p);
                    v.initVerify(kp.getPublic());
                    v.update(new byte[] {1, 2, 3});
                    if (v.verify(sig)) {
                        right.incrementAndGet();
                    }
                } catch (Exception e) {
                    System.out.println("thread: " + e);
                }
            });
            t.start();
            all.add(t);
        }
        start.countDown();
        for (Thread t : all) {
            t.join();
        }
        check(right.get() == n, right.get() + " of " + n + " threads signed and verified");
        expectNative();
    }

    private static void loaders() throws Exception {
        URL jar = Paths.get(System.getProperty("edfast.test.platformJar")).toUri().toURL();
        for (int i = 1; i <= 2; i++) {
            try (URLClassLoader loader = new URLClassLoader(new URL[] {jar}, ClassLoader.getPlatformClassLoader())) {
                Class<?> c = loader.loadClass("org.edfast.jca.EdFastProvider");
                check(c.getClassLoader() == loader, "loader " + i + ": EdFastProvider not its own");
                Method isNative = c.getMethod("isNative");
                Method error = c.getMethod("loadingError");
                System.out.println("loader " + i + ": native " + isNative.invoke(null) + " " + error.invoke(null));
                check((Boolean) isNative.invoke(null), "loader " + i + ": not native: " + error.invoke(null));
                signs((Provider) c.getConstructor().newInstance());
            }
        }
    }
}
