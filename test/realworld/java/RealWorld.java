// SPDX-License-Identifier: Apache-2.0
import java.io.FileInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Security;
import java.security.Signature;
import java.security.spec.EdECPrivateKeySpec;
import java.security.spec.NamedParameterSpec;
import java.util.HexFormat;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

/**
 * realworld.sh's Java programs, plain JDK code: nothing here names EdFast.
 * The EdFast run differs only in the provider list: with -Dedfast.first=true
 * the EdFast provider (from the build's jar) is inserted at position 1, as an
 * application or java.security would; the JDK then picks it for Ed25519/Ed448.
 *
 *   java RealWorld jca CURVE COUNT          sign COUNT messages, verify each
 *   java RealWorld tls KEYSTORE PASS COUNT  COUNT TLS 1.3 handshakes on loopback
 *
 * Prints what realworld.sh checks: the counts, a digest of the signatures
 * (EdDSA is deterministic: the same with or without EdFast), and which JCA
 * provider served.
 */
public final class RealWorld {
    private RealWorld() {
    }

    public static void main(String[] args) throws Exception {
        if (Boolean.getBoolean("edfast.first")) {
            Provider p = (Provider) Class.forName("org.edfast.jca.EdFastProvider")
                    .getDeclaredConstructor().newInstance();
            Security.insertProviderAt(p, 1);
            // Which OpenSSL provider the native path uses (realworld.sh checks
            // it is edfast under the proving config).
            System.out.println("OPENSSL_PROVIDER=" + Class.forName("org.edfast.jca.EdFastProvider")
                    .getMethod("openSslProvider").invoke(null));
        }
        switch (args[0]) {
            case "jca" -> jca(args[1], Integer.parseInt(args[2]));
            case "tls" -> tls(args[1], args[2].toCharArray(), Integer.parseInt(args[3]));
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    /** A fixed private key (seed bytes 0, 1, 2, ...), so every run signs with the same key. */
    private static PrivateKey fixedKey(String curve) throws Exception {
        byte[] seed = new byte[curve.equals("Ed25519") ? 32 : 57];
        for (int i = 0; i < seed.length; i++) {
            seed[i] = (byte) i;
        }
        return KeyFactory.getInstance(curve).generatePrivate(
                new EdECPrivateKeySpec(new NamedParameterSpec(curve), seed));
    }

    private static void jca(String curve, int count) throws Exception {
        PrivateKey priv = fixedKey(curve);
        PublicKey pub = publicOf(priv, curve);
        Signature signer = Signature.getInstance(curve);
        Signature verifier = Signature.getInstance(curve);
        MessageDigest all = MessageDigest.getInstance("SHA-256");
        int verified = 0;
        byte[] last = null;
        for (int i = 0; i < count; i++) {
            byte[] msg = ("message " + i).getBytes(StandardCharsets.UTF_8);
            signer.initSign(priv);
            signer.update(msg);
            byte[] sig = signer.sign();
            all.update(sig);
            verifier.initVerify(pub);
            verifier.update(msg);
            if (verifier.verify(sig)) {
                verified++;
            }
            last = sig;
        }
        // The verification can fail: the last signature over another message.
        verifier.initVerify(pub);
        verifier.update(("message " + (count - 1) + "!").getBytes(StandardCharsets.UTF_8));
        boolean refused = !verifier.verify(last);
        System.out.println("SIGNER=" + signer.getProvider().getName());
        System.out.println("VERIFIER=" + verifier.getProvider().getName());
        System.out.println("SIGNED=" + count);
        System.out.println("VERIFIED=" + verified);
        System.out.println("TAMPERED_REFUSED=" + refused);
        System.out.println("DIGEST=" + HexFormat.of().formatHex(all.digest()));
    }

    /**
     * The public key of priv: SunEC's key pair generator fed priv's seed as its
     * "random" bytes derives it (the JCA has no public-from-private call).
     */
    private static PublicKey publicOf(PrivateKey priv, String curve) throws Exception {
        // SunEC's key pair generator with a fixed "random" source yielding the seed.
        java.security.KeyPairGenerator g = java.security.KeyPairGenerator.getInstance(curve, "SunEC");
        byte[] seed = ((java.security.interfaces.EdECPrivateKey) priv).getBytes().orElseThrow();
        g.initialize(new NamedParameterSpec(curve), new java.security.SecureRandom() {
            private static final long serialVersionUID = 1L;

            @Override
            public void nextBytes(byte[] bytes) {
                System.arraycopy(seed, 0, bytes, 0, bytes.length);
            }
        });
        PublicKey pub = g.generateKeyPair().getPublic();
        // In the platform's key class, so that either provider takes it.
        return KeyFactory.getInstance(curve).generatePublic(
                new java.security.spec.X509EncodedKeySpec(pub.getEncoded()));
    }

    private static void tls(String keystore, char[] pass, int count) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = new FileInputStream(keystore)) {
            ks.load(in, pass);
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance("SunX509");
        kmf.init(ks, pass);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
        tmf.init(ks);
        SSLContext server = SSLContext.getInstance("TLSv1.3");
        server.init(kmf.getKeyManagers(), null, null);
        SSLContext client = SSLContext.getInstance("TLSv1.3");
        client.init(null, tmf.getTrustManagers(), null);

        InetAddress lo = InetAddress.getLoopbackAddress();
        SSLServerSocket ss = (SSLServerSocket) server.getServerSocketFactory().createServerSocket(0, 50, lo);
        ss.setEnabledProtocols(new String[] {"TLSv1.3"});
        AtomicInteger served = new AtomicInteger();
        Thread t = new Thread(() -> {
            for (int i = 0; i < count; i++) {
                try (SSLSocket s = (SSLSocket) ss.accept()) {
                    // (no Nagle: else each handshake waits out delayed ACKs)
                    s.setTcpNoDelay(true);
                    s.startHandshake();
                    OutputStream out = s.getOutputStream();
                    out.write(1);
                    out.flush();
                    served.incrementAndGet();
                } catch (Exception e) {
                    System.out.println("SERVER_ERROR=" + e);
                }
            }
        });
        t.start();
        int done = 0;
        String scheme = null;
        for (int i = 0; i < count; i++) {
            try (SSLSocket c = (SSLSocket) client.getSocketFactory().createSocket(lo, ss.getLocalPort())) {
                c.setEnabledProtocols(new String[] {"TLSv1.3"});
                c.setTcpNoDelay(true);
                c.startHandshake();
                if (c.getInputStream().read() == 1 && c.getSession().getProtocol().equals("TLSv1.3")) {
                    done++;
                }
                scheme = c.getSession().getPeerCertificates()[0].getPublicKey().getAlgorithm();
                // A full handshake each time, as from a new client: no resumption.
                c.getSession().invalidate();
            }
        }
        t.join();
        ss.close();
        System.out.println("HANDSHAKES=" + done);
        System.out.println("SERVED=" + served.get());
        System.out.println("SERVER_KEY=" + scheme);
    }
}
