// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.Signature;
import java.security.spec.EdDSAParameterSpec;
import java.util.Arrays;

/**
 * Run in a child JVM by ConfigTest: prints which path serves, signs once, then
 * signs with prehash and contexts (served by OpenSSL or by SunEC, as the glue
 * decides) and checks each signature is SunEC's.
 */
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

        boolean same = true;
        for (String alg : T.CURVES) {
            KeyPair pair = KeyPairGenerator.getInstance(alg, p).generateKeyPair();
            for (EdDSAParameterSpec spec : new EdDSAParameterSpec[] {new EdDSAParameterSpec(true),
                new EdDSAParameterSpec(false, new byte[] {1, 2, 3}), new EdDSAParameterSpec(true, new byte[7]),
                new EdDSAParameterSpec(false, new byte[0])}) {
                byte[] ours = sign(alg, p, spec, pair);
                byte[] sunec = sign(alg, T.SUNEC, spec, pair);
                same &= Arrays.equals(ours, sunec);
                Signature check = Signature.getInstance(alg, p);
                check.setParameter(spec);
                check.initVerify(pair.getPublic());
                check.update(new byte[9]);
                same &= check.verify(sunec);
            }
            if (EdFastProvider.isNative()) {
                System.out.println("INSTANCE_" + alg + "=" + NativeLib.instanceSupport(Curve.byName(alg).id));
            }
        }
        System.out.println("INSTANCES_AS_SUNEC=" + same);
    }

    private static byte[] sign(String alg, Provider provider, EdDSAParameterSpec spec, KeyPair kp)
            throws Exception {
        Signature s = Signature.getInstance(alg, provider);
        s.setParameter(spec);
        s.initSign(kp.getPrivate());
        s.update(new byte[9]);
        return s.sign();
    }
}
