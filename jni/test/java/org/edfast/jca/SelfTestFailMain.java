// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Security;
import java.security.Signature;
import java.security.spec.EdECPrivateKeySpec;
import java.security.spec.NamedParameterSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeSet;

/**
 * The native path's start-up, the known-answer self-test included, with an
 * allocation failed: the provider ends on the native path with right answers,
 * or on SunEC with the reason in loadingError() and right answers, never a
 * crash or an exception from Signature.getInstance.  Among the failures, one
 * in the self-test must show as "self-test failed" (the control that the
 * self-test decides, and that its failure is what the user reads).
 *
 * Each case runs in a JVM of its own (the choice is made once a process),
 * with this JVM's options: first one that counts the allocations of the
 * start-up on its thread (N), then one failing the k-th, for the last 40 k
 * (the self-test runs last) and ten spread over the rest.  Needs
 * -Dedfast.test.allocFailLib (libedfastjni_allocfail.so) and the native
 * path's properties.  Prints "self-test failures: N cases, ..." and a
 * passed/failed line.
 */
public final class SelfTestFailMain {
    private static final HexFormat HEX = HexFormat.of();
    private static final byte[] SEED =
            HEX.parseHex("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb");
    private static final byte[] MESSAGE = {0x72};

    private SelfTestFailMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 2 && args[0].equals("case")) {
            System.exit(runCase(Long.parseLong(args[1])));
        }
        int failures = 0;
        List<String> count = child("0");
        String total = find(count, "allocations: ");
        if (total == null) {
            System.out.println("FAIL: the counting run printed no allocation count: " + count);
            System.out.println("jni_selftest_fail: 1 failures");
            System.exit(1);
        }
        long n = Long.parseLong(total);
        TreeSet<Long> ks = new TreeSet<>();
        for (long k = Math.max(1, n - 39); k <= n; k++) {
            ks.add(k);
        }
        for (long i = 1; i <= 10; i++) {
            ks.add(Math.max(1, n * i / 11));
        }
        int selfTestReasons = 0, sunec = 0, nativePath = 0;
        for (long k : ks) {
            List<String> out = child(Long.toString(k));
            String verdict = find(out, "case: ");
            if (verdict == null || !verdict.startsWith("ok")) {
                failures++;
                System.out.println("FAIL: allocation " + k + " of " + n + " failed: " + String.join(" | ", out));
                continue;
            }
            System.out.println("  allocation " + k + ": " + verdict);
            if (verdict.contains("SunEC")) {
                sunec++;
                if (verdict.contains("self-test failed")) {
                    selfTestReasons++;
                }
            } else {
                nativePath++;
            }
        }
        System.out.println("self-test failures: " + ks.size() + " cases of " + n + " start-up allocations: "
                + nativePath + " native, " + sunec + " SunEC (" + selfTestReasons + " naming the self-test)");
        if (selfTestReasons == 0) {
            failures++;
            System.out.println("FAIL: no failed allocation made the self-test fail");
        }
        System.out.println(failures == 0 ? "jni_selftest_fail: passed" : "jni_selftest_fail: " + failures + " failures");
        System.exit(failures == 0 ? 0 : 1);
    }

    /** This JVM's options and class path, running case k; its output lines. */
    private static List<String> child(String k) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(System.getProperty("java.home") + "/bin/java");
        cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        cmd.addAll(Arrays.asList("-cp", System.getProperty("java.class.path"), SelfTestFailMain.class.getName(),
                "case", k));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null;) {
                lines.add(line);
            }
        }
        lines.add("exit " + p.waitFor());
        return lines;
    }

    private static String find(List<String> lines, String prefix) {
        for (String line : lines) {
            if (line.startsWith(prefix)) {
                return line.substring(prefix.length());
            }
        }
        return null;
    }

    /** k = 0: counts the start-up's allocations; else fails the k-th. */
    private static int runCase(long k) throws Exception {
        System.load(System.getProperty("edfast.test.allocFailLib"));
        if (!AllocFailHooks.installed()) {
            System.out.println("case: FAIL: OpenSSL refused the memory functions");
            return 1;
        }
        if (k == 0) {
            AllocFailHooks.recordStart();
        } else {
            AllocFailHooks.startFailing(k);
        }
        boolean available = EdFastProvider.isNative();
        long made = k == 0 ? AllocFailHooks.recordStop() : AllocFailHooks.stopFailing();
        String error = EdFastProvider.loadingError();
        if (k == 0) {
            System.out.println("allocations: " + made);
            System.out.println(available ? "case: ok, native" : "case: FAIL: not native: " + error);
            return available ? 0 : 1;
        }
        if (available != error.isEmpty()) {
            System.out.println("case: FAIL: native " + available + " but loadingError \"" + error + "\"");
            return 1;
        }
        EdFastProvider edfast = new EdFastProvider();
        PrivateKey key = KeyFactory.getInstance("Ed25519", edfast)
                .generatePrivate(new EdECPrivateKeySpec(NamedParameterSpec.ED25519, SEED));
        Signature s = Signature.getInstance("Ed25519", edfast);
        s.initSign(key);
        s.update(MESSAGE);
        byte[] mine = s.sign();
        Signature sun = Signature.getInstance("Ed25519", Security.getProvider("SunEC"));
        sun.initSign(KeyFactory.getInstance("Ed25519", "SunEC")
                .generatePrivate(new EdECPrivateKeySpec(NamedParameterSpec.ED25519, SEED)));
        sun.update(MESSAGE);
        if (!Arrays.equals(mine, sun.sign())) {
            System.out.println("case: FAIL: the signature differs from SunEC's");
            return 1;
        }
        System.out.println("case: ok, " + (available ? "native" : "SunEC: " + error)
                + " (failed at " + AllocFailHooks.failedAt() + ")");
        return 0;
    }
}
