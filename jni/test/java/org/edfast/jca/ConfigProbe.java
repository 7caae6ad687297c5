package org.edfast.jca;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;

/** Run in a child JVM by ConfigTest: prints which path serves, then signs once. */
public final class ConfigProbe {
    private ConfigProbe() {
    }

    public static void main(String[] args) throws Exception {
        EdFastProvider p = new EdFastProvider();
        System.out.println("PROVIDER=" + EdFastProvider.openSslProvider());
        System.out.println("NATIVE=" + EdFastProvider.isNative());
        if (EdFastProvider.isNative()) {
            System.out.println("DETAILS=" + NativeLib.details());
        }
        KeyPair kp = KeyPairGenerator.getInstance("Ed448", p).generateKeyPair();
        Signature s = Signature.getInstance("Ed448", p);
        s.initSign(kp.getPrivate());
        s.update(new byte[5]);
        byte[] sig = s.sign();
        Signature v = Signature.getInstance("Ed448", "SunEC");
        v.initVerify(kp.getPublic());
        v.update(new byte[5]);
        System.out.println("VERIFIED=" + v.verify(sig));
    }
}
