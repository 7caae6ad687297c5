// SPDX-License-Identifier: Apache-2.0
package org.edfast.modtest;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Security;
import java.security.Signature;
import java.security.spec.EdECPrivateKeySpec;
import java.security.spec.NamedParameterSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.ServiceLoader;
import org.edfast.jca.EdFastProvider;

/**
 * EdFast from the module path, as a modular application takes it (or from the
 * class path, this application with it: scripts/bare-test.sh runs both).
 *
 * <ul>
 * <li>{@code insert}: ServiceLoader finds the provider through the module's
 * {@code provides}; inserted first, it serves Signature.getInstance("Ed25519")
 * and ("Ed448") with RFC 8032's signatures (SunEC's too), verified.</li>
 * <li>{@code preferred}: a JVM of its own with a java.security file that lists
 * EdFast last ({@code security.provider.N=EdFast}) and prefers it for EdDSA
 * signatures only ({@code jdk.security.provider.preferred}): EdFast signs,
 * SunEC still makes the keys.</li>
 * </ul>
 * -Dedfast.test.expectNative=true|false says which path must serve.  Prints
 * "N checks, M failures".
 */
public final class ModularApp {
    private static final HexFormat HEX = HexFormat.of();
    /** name, seed, message, signature (RFC 8032 7.1 TEST 2, 7.4 1 octet). */
    private static final String[][] VECTORS = {
        {"Ed25519", "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb", "72",
            "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"},
        {"Ed448", "c4eab05d357007c632f3dbb48489924d552b08fe0c353a0d4a1f00acda2c463afbea67c5e8d2877c5e3bc397a659949ef8021e954e0a12274e", "03",
            "26b8f91727bd62897af15e41eb43c377efb9c610d48f2335cb0bd0087810f4352541b143c4b981b7e18f62de8ccdf633fc1bf037ab7cd779805e0dbcc0aae1cbcee1afb2e027df36bc04dcecbf154336c19f0af7e0a6472905e799f1953d2a0ff3348ab21aa4adafd1d234441cf807c03a00"},
    };

    private static int checks;
    private static int failures;

    private ModularApp() {
    }

    private static void check(boolean ok, String what) {
        checks++;
        if (!ok) {
            failures++;
            System.out.println("FAIL: " + what);
        }
    }

    public static void main(String[] args) throws Exception {
        String mode = args.length == 1 ? args[0] : "";
        switch (mode) {
            case "insert":
                insert();
                break;
            case "preferred":
                preferred();
                break;
            case "preferred-child":
                preferredChild();
                break;
            default:
                System.out.println("usage: ModularApp insert|preferred");
                System.exit(2);
        }
        System.out.println(checks + " checks, " + failures + " failures");
        System.exit(failures == 0 && checks > 0 ? 0 : 1);
    }

    private static void insert() throws Exception {
        Provider found = null;
        for (Provider p : ServiceLoader.load(Provider.class)) {
            if (p.getName().equals(EdFastProvider.NAME)) {
                found = p;
            }
        }
        check(found != null, "ServiceLoader finds no EdFast provider on the module path");
        if (found == null) {
            return;
        }
        // On the module path EdFast is the module org.edfast.jca; on the class path, like this
        // application, unnamed (found through META-INF/services).
        Module module = found.getClass().getModule();
        boolean modulePath = ModularApp.class.getModule().isNamed();
        check(modulePath ? module.isNamed() && module.getName().equals("org.edfast.jca") : !module.isNamed(),
                "EdFast's module " + module + " on the " + (modulePath ? "module" : "class") + " path");
        Security.insertProviderAt(found, 1);
        pathAsExpected();
        for (String[] v : VECTORS) {
            signAsSunEc(v, true);
        }
    }

    private static void pathAsExpected() {
        boolean expectNative = Boolean.getBoolean("edfast.test.expectNative");
        System.out.println("EdFast serves through: " + EdFastProvider.openSslProvider());
        check(EdFastProvider.isNative() == expectNative, "native " + EdFastProvider.isNative() + ", expected "
                + expectNative + ": " + EdFastProvider.loadingError());
        check(EdFastProvider.loadingError().isEmpty() == EdFastProvider.isNative(),
                "loadingError \"" + EdFastProvider.loadingError() + "\" with native " + EdFastProvider.isNative());
    }

    /** Signature.getInstance(name) with no provider named: EdFast's, RFC 8032's bytes, verified. */
    private static void signAsSunEc(String[] v, boolean edfastMakesKeys) throws Exception {
        String name = v[0];
        byte[] seed = HEX.parseHex(v[1]), message = HEX.parseHex(v[2]), expected = HEX.parseHex(v[3]);
        NamedParameterSpec spec = new NamedParameterSpec(name);
        KeyFactory kf = KeyFactory.getInstance(name);
        check(kf.getProvider().getName().equals(edfastMakesKeys ? "EdFast" : "SunEC"),
                name + " KeyFactory from " + kf.getProvider().getName());
        PrivateKey key = kf.generatePrivate(new EdECPrivateKeySpec(spec, seed));
        Signature s = Signature.getInstance(name);
        s.initSign(key);
        s.update(message);
        byte[] sig = s.sign();
        check(s.getProvider().getName().equals("EdFast"), name + " signed by " + s.getProvider().getName());
        check(Arrays.equals(sig, expected), name + ": not RFC 8032's signature");
        Signature sun = Signature.getInstance(name, "SunEC");
        sun.initSign(KeyFactory.getInstance(name, "SunEC").generatePrivate(new EdECPrivateKeySpec(spec, seed)));
        sun.update(message);
        check(Arrays.equals(sig, sun.sign()), name + ": not SunEC's signature");
        PublicKey pub = publicOf(name, seed);
        Signature verifier = Signature.getInstance(name);
        verifier.initVerify(pub);
        verifier.update(message);
        check(verifier.verify(sig), name + ": the signature not verified");
    }

    /** The public key of a seed, from SunEC's key pair generator fed the seed as its randomness. */
    private static PublicKey publicOf(String name, byte[] seed) throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance(name, "SunEC");
        g.initialize(new NamedParameterSpec(name), new SecureRandom() {
            private static final long serialVersionUID = 1L;

            @Override
            public void nextBytes(byte[] bytes) {
                System.arraycopy(seed, 0, bytes, 0, bytes.length);
            }
        });
        return g.generateKeyPair().getPublic();
    }

    private static void preferred() throws Exception {
        int n = Security.getProviders().length;
        System.out.println("the JDK lists " + n + " providers: EdFast is security.provider." + (n + 1));
        Path props = Files.createTempFile("edfast-java-security", ".properties");
        try {
            Files.writeString(props, "security.provider." + (n + 1) + "=EdFast\n"
                    + "jdk.security.provider.preferred=Signature.Ed25519:EdFast,Signature.Ed448:EdFast\n");
            List<String> cmd = new ArrayList<>();
            cmd.add(System.getProperty("java.home") + "/bin/java");
            for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
                if (!a.startsWith("-Djdk.module.")) {
                    cmd.add(a);
                }
            }
            cmd.addAll(List.of("-Djava.security.properties=" + props, "--module-path",
                    System.getProperty("jdk.module.path"), "-m",
                    "org.edfast.modtest/" + ModularApp.class.getName(), "preferred-child"));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String last = null;
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null;) {
                    System.out.println("  child: " + line);
                    last = line;
                }
            }
            int rc = p.waitFor();
            check(rc == 0 && last != null && last.endsWith(" 0 failures"),
                    "the JVM with EdFast preferred in java.security: exit " + rc);
        } finally {
            Files.delete(props);
        }
    }

    private static void preferredChild() throws Exception {
        Provider[] all = Security.getProviders();
        check(all[all.length - 1].getName().equals("EdFast"),
                "EdFast is not the last provider: " + all[all.length - 1].getName());
        pathAsExpected();
        for (String[] v : VECTORS) {
            signAsSunEc(v, false);
        }
    }
}
