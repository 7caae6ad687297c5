// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

import java.io.ObjectStreamException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyRep;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.interfaces.EdECPrivateKey;
import java.security.spec.NamedParameterSpec;
import java.util.Arrays;
import java.util.Optional;

/** An Ed25519 or Ed448 private key (the RFC 8032 seed); encodes as SunEC's does. */
final class EdFastPrivateKey implements EdECPrivateKey {
    private static final long serialVersionUID = 1L;

    final transient Curve curve;
    private final transient byte[] seed;
    /** The PKCS#8 encoding this key was read from, or null for the v1 encoding. */
    private final transient byte[] encoding;
    /** A generated pair's public half, or null: the native key is then made from both halves. */
    private final transient byte[] pub;
    /** Where a generated pair's native key is left for its public key, or null. */
    private final transient NativeKey.Slot slot;
    private transient volatile NativeKey nativeKey;

    EdFastPrivateKey(Curve curve, byte[] seed, byte[] encoding, byte[] pub, NativeKey.Slot slot) {
        this.curve = curve;
        this.seed = seed.clone();
        this.encoding = encoding == null ? null : encoding.clone();
        this.pub = pub;
        this.slot = slot;
    }

    static EdFastPrivateKey fromPkcs8(byte[] encoded) throws InvalidKeyException {
        Der.Private p = Der.parsePkcs8(encoded);
        byte[] canonical = Der.pkcs8(p.curve, p.seed);
        return new EdFastPrivateKey(p.curve, p.seed,
                Arrays.equals(canonical, encoded) ? null : encoded, null, null);
    }

    byte[] seed() {
        return seed;
    }

    /** The native EVP_PKEY, made on first use. */
    long handle() throws InvalidKeyException {
        NativeKey k = nativeKey;
        if (k == null) {
            synchronized (this) {
                k = nativeKey;
                if (k == null) {
                    k = slot != null ? slot.take() : null;
                    if (k == null) {
                        k = pub != null ? NativeKey.fromPair(curve, seed, pub) : NativeKey.fromRaw(curve, seed, null);
                        if (slot != null) {
                            slot.keep(k);
                        }
                    }
                    nativeKey = k;
                }
            }
        }
        return k.handle;
    }

    @Override
    public Optional<byte[]> getBytes() {
        return Optional.of(seed.clone());
    }

    @Override
    public NamedParameterSpec getParams() {
        return curve.spec;
    }

    @Override
    public String getAlgorithm() {
        return "EdDSA";
    }

    @Override
    public String getFormat() {
        return "PKCS#8";
    }

    @Override
    public byte[] getEncoded() {
        return encoding != null ? encoding.clone() : Der.pkcs8(curve, seed);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Key) || !(o instanceof PrivateKey)) {
            return false;
        }
        Key k = (Key) o;
        if (!"PKCS#8".equals(k.getFormat())) {
            return false;
        }
        byte[] a = getEncoded();
        byte[] b = k.getEncoded();
        try {
            return MessageDigest.isEqual(a, b);
        } finally {
            Arrays.fill(a, (byte) 0);
            if (b != null) {
                Arrays.fill(b, (byte) 0);
            }
        }
    }

    @Override
    public int hashCode() {
        return 0x5eed0000 + curve.id; // no secret in hash codes
    }

    @Override
    public String toString() {
        return "EdFast " + curve.specName + " private key";
    }

    private Object writeReplace() throws ObjectStreamException {
        return new KeyRep(KeyRep.Type.PRIVATE, getAlgorithm(), getFormat(), getEncoded());
    }
}
