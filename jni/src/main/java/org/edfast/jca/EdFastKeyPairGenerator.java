// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

import java.lang.ref.Cleaner;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyPairGeneratorSpi;
import java.security.NoSuchAlgorithmException;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;

/**
 * KeyPairGenerator for EdDSA / Ed25519 / Ed448.  Natively, keys come from
 * EVP_PKEY_generate on a context made once per generator; when the caller hands
 * a SecureRandom to initialize(), the seed is drawn from it (as SunEC does) and
 * the public key derived by OpenSSL.  Without the native path, SunEC generates.
 */
final class EdFastKeyPairGenerator extends KeyPairGeneratorSpi {
    private final Curve locked;
    private Curve curve;
    private SecureRandom random;
    private long genctx;
    private Curve genctxCurve;
    private Cleaner.Cleanable genctxCleanable;
    private KeyPairGenerator sunec;
    /** The last pair's slot, whose pending native key goes when the next pair comes. */
    private final LastPair lastPair = new LastPair();
    private boolean lastPairWatched;

    /** Apart from the generator, so that the Cleaner's action does not keep it reachable. */
    private static final class LastPair {
        private NativeKey.Slot slot;

        void replace(NativeKey.Slot next) {
            if (slot != null) {
                slot.drop();
            }
            slot = next;
        }

        void drop() {
            replace(null);
        }
    }

    EdFastKeyPairGenerator(Curve locked) {
        this.locked = locked;
        this.curve = locked != null ? locked : Curve.ED25519;
    }

    @Override
    public void initialize(int keysize, SecureRandom random) {
        Curve c = Curve.bySize(InvalidParameterException::new, keysize);
        initializeImpl(c, random);
    }

    @Override
    public void initialize(AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidAlgorithmParameterException {
        Curve c = Curve.of(InvalidAlgorithmParameterException::new, params);
        try {
            initializeImpl(c, random);
        } catch (InvalidParameterException e) {
            throw new InvalidAlgorithmParameterException(e);
        }
    }

    private void initializeImpl(Curve c, SecureRandom random) {
        if (locked != null && locked != c) {
            throw new InvalidParameterException("Parameters must be " + locked.specName);
        }
        this.curve = c;
        this.random = random;
        this.sunec = null;
    }

    @Override
    public KeyPair generateKeyPair() {
        if (!NativeLib.AVAILABLE) {
            return sunecGenerate();
        }
        byte[] seed = new byte[curve.keyLen];
        byte[] pub = new byte[curve.keyLen];
        long handle;
        try {
            if (random != null) {
                random.nextBytes(seed);
                handle = NativeLib.keyFromRaw(curve.id, seed, pub);
            } else {
                handle = NativeLib.generate(genctx(), curve.id, seed, pub);
            }
            if (handle == 0) {
                throw new ProviderException("OpenSSL could not make an " + curve.specName + " key");
            }
            if (!lastPairWatched) {
                LastPair last = lastPair;
                NativeKey.CLEANER.register(this, last::drop);
                lastPairWatched = true;
            }
            NativeKey.Slot slot = new NativeKey.Slot(handle);
            lastPair.replace(slot);
            EdFastPrivateKey priv = new EdFastPrivateKey(curve, seed, null, pub, slot);
            EdFastPublicKey pk = EdFastPublicKey.fromRaw(curve, pub, slot, true);
            return new KeyPair(pk, priv);
        } finally {
            Arrays.fill(seed, (byte) 0);
        }
    }

    private long genctx() {
        if (genctx == 0 || genctxCurve != curve) {
            if (genctxCleanable != null) {
                genctxCleanable.clean();
                genctxCleanable = null;
                genctx = 0;
            }
            long h = NativeLib.newKeyGen(curve.id);
            if (h == 0) {
                throw new ProviderException("OpenSSL has no " + curve.specName + " key generation");
            }
            genctx = h;
            genctxCurve = curve;
            genctxCleanable = NativeKey.CLEANER.register(this, () -> NativeLib.freeKeyGen(h));
        }
        return genctx;
    }

    private KeyPair sunecGenerate() {
        try {
            if (sunec == null) {
                KeyPairGenerator g = KeyPairGenerator.getInstance(curve.specName, SunEc.provider());
                if (random != null) {
                    g.initialize(curve.spec, random);
                }
                sunec = g;
            }
            return sunec.generateKeyPair();
        } catch (NoSuchAlgorithmException | InvalidAlgorithmParameterException e) {
            throw new ProviderException("SunEC cannot generate " + curve.specName + " keys", e);
        }
    }
}
