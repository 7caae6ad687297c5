// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

import java.io.ObjectStreamException;
import java.math.BigInteger;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyRep;
import java.security.PublicKey;
import java.security.interfaces.EdECPublicKey;
import java.security.spec.EdECPoint;
import java.security.spec.NamedParameterSpec;
import java.util.Arrays;

/** An Ed25519 or Ed448 public key; encodes as SunEC's EdDSAPublicKeyImpl does. */
final class EdFastPublicKey implements EdECPublicKey {
    private static final long serialVersionUID = 1L;

    final transient Curve curve;
    /** The RFC 8032 encoding of the point (keyLen bytes). */
    private final transient byte[] raw;
    /** Made on first use: most keys are only ever used to verify. */
    private transient volatile EdECPoint point;
    /** Where a generated pair's private key leaves its native key, or null. */
    private final transient NativeKey.Slot slot;
    private transient volatile NativeKey nativeKey;
    /** null unknown, "" decodes, else SunEC's message for why it does not. */
    private transient volatile String pointCheck;

    private EdFastPublicKey(Curve curve, byte[] raw, EdECPoint point, NativeKey.Slot slot, boolean valid) {
        this.curve = curve;
        this.raw = raw;
        this.point = point;
        this.slot = slot;
        this.pointCheck = valid ? "" : null;
    }

    /** From raw encoded bytes (already of the right length). */
    static EdFastPublicKey fromRaw(Curve c, byte[] raw, NativeKey.Slot slot, boolean valid) {
        return new EdFastPublicKey(c, raw.clone(), null, slot, valid);
    }

    /** The point of an encoding, read as SunEC reads it. */
    private static EdECPoint decode(Curve c, byte[] raw) {
        byte[] be = new byte[c.keyLen];
        for (int i = 0; i < c.keyLen; i++) {
            be[i] = raw[c.keyLen - 1 - i];
        }
        boolean xOdd = (be[0] & 0x80) != 0;
        be[0] &= 0x7f;
        return new EdECPoint(xOdd, new BigInteger(1, be));
    }

    /** From a point, encoded exactly as SunEC encodes it (including its truncation). */
    static EdFastPublicKey fromPoint(Curve c, EdECPoint point) {
        byte[] y = point.getY().toByteArray();
        for (int i = 0, j = y.length - 1; i < j; i++, j--) {
            byte t = y[i];
            y[i] = y[j];
            y[j] = t;
        }
        byte[] raw = Arrays.copyOf(y, c.keyLen);
        if (point.isXOdd()) {
            raw[c.keyLen - 1] |= (byte) 0x80;
        }
        return new EdFastPublicKey(c, raw, point, null, false);
    }

    static EdFastPublicKey fromX509(byte[] encoded) throws InvalidKeyException {
        Der.Public p = Der.parseX509(encoded);
        return fromRaw(p.curve, p.raw, null, false);
    }

    byte[] rawBytes() {
        return raw;
    }

    /** Throws InvalidKeyException, as SunEC's initVerify does, for a point that does not decode. */
    void checkDecodes() throws InvalidKeyException {
        String check = pointCheck;
        if (check == null) {
            // Through the EdECPoint, as SunEC does in initVerify.
            EdECPoint pt = getPoint();
            check = curve.checkPoint(pt.isXOdd(), pt.getY());
            pointCheck = check = check == null ? "" : check;
        }
        if (!check.isEmpty()) {
            throw new InvalidKeyException(check);
        }
    }

    /** The native EVP_PKEY, made on first use. */
    long handle() throws InvalidKeyException {
        NativeKey k = nativeKey;
        if (k == null) {
            synchronized (this) {
                k = nativeKey;
                if (k == null) {
                    // the pair's key while it has one, else one of its own
                    k = slot != null ? slot.take() : null;
                    nativeKey = k = k != null ? k : NativeKey.fromRaw(curve, null, raw);
                }
            }
        }
        return k.handle;
    }

    @Override
    public EdECPoint getPoint() {
        EdECPoint p = point;
        if (p == null) {
            point = p = decode(curve, raw);
        }
        return p;
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
        return "X.509";
    }

    @Override
    public byte[] getEncoded() {
        return Der.x509(curve, raw);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Key) || !(o instanceof PublicKey)) {
            return false;
        }
        Key k = (Key) o;
        return "X.509".equals(k.getFormat()) && Arrays.equals(getEncoded(), k.getEncoded());
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(getEncoded());
    }

    @Override
    public String toString() {
        return "EdFast " + curve.specName + " public key, " + (8 * curve.keyLen) + " bits";
    }

    private Object writeReplace() throws ObjectStreamException {
        return new KeyRep(KeyRep.Type.PUBLIC, getAlgorithm(), getFormat(), getEncoded());
    }
}
