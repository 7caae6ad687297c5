// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the library context is chosen, each case in a child JVM (the choice is
 * made once per process): OpenSSL configuration that routes EdDSA to edfast,
 * one that loads edfast without preferring it, one without edfast (the glue
 * loads it itself), edfast nowhere (the configured provider serves), a missing
 * file, edfast.forceJava, and the FINE log line.  In each, prehash and
 * contexts give SunEC's signatures, whoever serves them (ConfigProbe).
 */
class ConfigTest {
    @TempDir
    Path dir;

    private String run(String... props) throws Exception {
        return runWithModules(System.getProperty("edfast.modules"), props);
    }

    /** ConfigProbe's output, in a child JVM whose edfast.modules is modules (OPENSSL_MODULES unset). */
    private String runWithModules(String modules, String... props) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.add("-Djava.library.path=" + System.getProperty("java.library.path"));
        cmd.add("-Dedfast.modules=" + modules);
        if (T.JDK >= 22) {
            cmd.add("--enable-native-access=ALL-UNNAMED");
        }
        for (String p : props) {
            cmd.add(p);
        }
        cmd.add("-cp");
        cmd.add(location(ConfigProbe.class) + File.pathSeparator + location(EdFastProvider.class));
        cmd.add(ConfigProbe.class.getName());
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().remove("OPENSSL_CONF");
        pb.environment().remove("OPENSSL_MODULES");
        Process proc = pb.start();
        String out = new String(proc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(proc.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, proc.exitValue(), out);
        assertTrue(out.contains("VERIFIED=true"), out);
        assertTrue(out.contains("INSTANCES_AS_SUNEC=true"), out);
        return out;
    }

    private static String location(Class<?> c) throws Exception {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    private Path conf(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    private String module() {
        return System.getProperty("edfast.modules") + File.separator + "edfast.so";
    }

    @Test
    void configurationDecides() throws Exception {
        assumeTrue(T.EXPECT_NATIVE && System.getProperty("edfast.modules") != null);
        String head = "openssl_conf = init\n[init]\nproviders = provs\n";
        Path routes = conf("routes.cnf", head + "alg_section = algs\n[provs]\nedfast = ef\ndefault = df\n"
                + "[ef]\nmodule = " + module() + "\nactivate = 1\n[df]\nactivate = 1\n"
                + "[algs]\ndefault_properties = ?provider=edfast\n");
        String out = run("-Dedfast.openssl.conf=" + routes);
        assertTrue(out.contains("PROVIDER=edfast (ED25519="), out);
        assertTrue(out.contains("configuration routes EdDSA to edfast"), out);

        Path loads = conf("loads.cnf", head + "[provs]\nedfast = ef\ndefault = df\n"
                + "[ef]\nmodule = " + module() + "\nactivate = 1\n[df]\nactivate = 1\n");
        out = run("-Dedfast.openssl.conf=" + loads);
        assertTrue(out.contains("PROVIDER=edfast (ED25519="), out);
        // Without default_properties, OpenSSL may still pick edfast on its own; if not, the
        // glue asks for it with ?provider=edfast in the same library context.
        assertTrue(out.contains("configuration loads edfast") || out.contains("configuration routes EdDSA"), out);

        Path none = conf("none.cnf", head + "[provs]\ndefault = df\n[df]\nactivate = 1\n");
        out = run("-Dedfast.openssl.conf=" + none);
        assertTrue(out.contains("PROVIDER=edfast (ED25519="), out);
        assertTrue(out.contains("does not route EdDSA to edfast") && out.contains("; loaded "), out);

        // edfast's own backend choice through its config section
        Path openssl = conf("openssl-backend.cnf", head + "alg_section = algs\n[provs]\nedfast = ef\ndefault = df\n"
                + "[ef]\nmodule = " + module() + "\nactivate = 1\nbackend = openssl\n[df]\nactivate = 1\n"
                + "[algs]\ndefault_properties = ?provider=edfast\n");
        out = run("-Dedfast.openssl.conf=" + openssl);
        assertTrue(out.contains("PROVIDER=edfast (ED25519=openssl, ED448=openssl)"), out);
    }

    /**
     * No edfast.so where the glue looks: OpenSSL's default provider serves, and
     * prehash and contexts go to it only if it takes the "instance" parameter
     * (OpenSSL 3.2+), else to SunEC: the glue's decision when the provider
     * cannot (on 3.0, had the glue asked anyway, the default provider would
     * have ignored the parameter and signed pure EdDSA, which ConfigProbe sees).
     */
    @Test
    void edfastNowhere() throws Exception {
        assumeTrue(T.EXPECT_NATIVE && System.getProperty("edfast.modules") != null);
        Path none = conf("default-only.cnf",
                "openssl_conf = init\n[init]\nproviders = provs\n[provs]\ndefault = df\n[df]\nactivate = 1\n");
        Path empty = Files.createDirectory(dir.resolve("no-modules"));
        String out = runWithModules(empty.toString(), "-Dedfast.openssl.conf=" + none);
        // OpenSSL's modules directory is the glue's last place to look, where a package installs edfast.
        assumeFalse(out.contains("; loaded "), "edfast is installed in OpenSSL's modules directory");
        assertTrue(out.contains("NATIVE=true") && out.contains("edfast.so not found"), out);
        assertFalse(out.contains("PROVIDER=edfast"), out);
        // The default provider takes Ed25519ctx/ph and Ed448ph through EVP from OpenSSL 3.2 on.
        Matcher v = Pattern.compile("OpenSSL (\\d+)\\.(\\d+)\\.").matcher(out);
        assertTrue(v.find(), out);
        int major = Integer.parseInt(v.group(1)), minor = Integer.parseInt(v.group(2));
        String taken = major > 3 || minor >= 2 ? "1" : "0";
        for (String alg : T.CURVES) {
            assertTrue(out.contains("INSTANCE_" + alg + "=" + taken), out);
        }
    }

    /**
     * A configuration that requires fips=yes: edfast is not loaded beside it,
     * whatever the configuration allows serves; with no FIPS provider (Debian
     * ships none) that is nothing, and SunEC serves with the reason.
     */
    @Test
    void fipsConfigurationKeepsEdfastOut() throws Exception {
        assumeTrue(T.EXPECT_NATIVE && System.getProperty("edfast.modules") != null);
        Path fips = conf("fips.cnf", "openssl_conf = init\n[init]\nproviders = provs\nalg_section = algs\n"
                + "[provs]\ndefault = df\n[df]\nactivate = 1\n[algs]\ndefault_properties = fips=yes\n");
        String out = run("-Dedfast.openssl.conf=" + fips);
        assertTrue(out.contains("fips=yes"), out);
        assertFalse(out.contains("PROVIDER=edfast"), out);
    }

    @Test
    void fallbacksAndLogging() throws Exception {
        assumeTrue(T.EXPECT_NATIVE && System.getProperty("edfast.modules") != null);
        String out = run("-Dedfast.openssl.conf=" + dir.resolve("missing.cnf"));
        assertTrue(out.contains("NATIVE=false") && out.contains("PROVIDER=SunEC"), out);
        assertTrue(out.contains("WARNING"), out);

        out = run("-Dedfast.forceJava=true");
        assertTrue(out.contains("NATIVE=false") && out.contains("forced"), out);

        Path logging = conf("logging.properties", "handlers = java.util.logging.ConsoleHandler\n"
                + "java.util.logging.ConsoleHandler.level = FINE\norg.edfast.jca.level = FINE\n");
        out = run("-Djava.util.logging.config.file=" + logging);
        assertTrue(out.contains("FINE: EdFast: OpenSSL provider edfast (ED25519="), out);
    }
}
