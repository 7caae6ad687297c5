// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

import java.math.BigInteger;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.NamedParameterSpec;
import java.util.Locale;
import java.util.function.Function;

/** The two RFC 8032 curves, with what the encodings and the input checks need. */
enum Curve {
    ED25519(0, "Ed25519", 32, 255, (byte) 0x70,
            BigInteger.TWO.pow(255).subtract(BigInteger.valueOf(19)),
            BigInteger.TWO.pow(252).add(new BigInteger("27742317777372353535851937790883648493")),
            null),
    ED448(1, "Ed448", 57, 448, (byte) 0x71,
            BigInteger.TWO.pow(448).subtract(BigInteger.TWO.pow(224)).subtract(BigInteger.ONE),
            BigInteger.TWO.pow(446).subtract(new BigInteger(
                    "13818066809895115352007386748515426880336692474882178609894547503885")),
            BigInteger.valueOf(-39081));

    /** The native library's number for the curve: its enum curve in jni/native/edfast_jni.c. */
    final int id;
    final String specName;
    final int keyLen;
    final int sigLen;
    final int bits;
    final byte oidLastByte;
    final NamedParameterSpec spec;
    /** Field prime p and group order L. */
    final BigInteger p;
    final BigInteger order;
    /** Edwards d, reduced mod p. */
    final BigInteger d;
    /** L, little-endian in keyLen bytes. */
    private final byte[] orderLe;

    Curve(int id, String name, int keyLen, int bits, byte oidLastByte, BigInteger p,
            BigInteger order, BigInteger d) {
        this.id = id;
        this.specName = name;
        this.keyLen = keyLen;
        this.sigLen = 2 * keyLen;
        this.bits = bits;
        this.oidLastByte = oidLastByte;
        this.spec = id == 0 ? NamedParameterSpec.ED25519 : NamedParameterSpec.ED448;
        this.p = p;
        this.order = order;
        if (d == null) {
            // Ed25519: d = -121665 / 121666 mod p
            d = BigInteger.valueOf(-121665).multiply(BigInteger.valueOf(121666).modInverse(p));
        }
        this.d = d.mod(p);
        byte[] be = order.toByteArray();
        this.orderLe = new byte[keyLen];
        for (int i = 0; i < be.length && i < keyLen; i++) {
            orderLe[i] = be[be.length - 1 - i];
        }
    }

    static Curve byName(String name) {
        if (name == null) {
            return null;
        }
        switch (name.toLowerCase(Locale.ROOT)) {
            case "ed25519":
                return ED25519;
            case "ed448":
                return ED448;
            default:
                return null;
        }
    }

    /** As SunEC: the curve of a NamedParameterSpec, else the exception the caller names. */
    static <T extends Throwable> Curve of(Function<String, T> exception, AlgorithmParameterSpec params)
            throws T {
        if (params instanceof NamedParameterSpec) {
            String name = ((NamedParameterSpec) params).getName();
            Curve c = byName(name);
            if (c == null) {
                throw exception.apply("Unsupported name: " + name);
            }
            return c;
        }
        throw exception.apply("Only NamedParameterSpec is supported.");
    }

    static <T extends Throwable> Curve bySize(Function<String, T> exception, int size) throws T {
        if (size == 255) {
            return ED25519;
        }
        if (size == 448) {
            return ED448;
        }
        throw exception.apply("Unsupported size: " + size);
    }

    static Curve byOid(byte last) {
        return last == 0x70 ? ED25519 : last == 0x71 ? ED448 : null;
    }

    /** Is the little-endian scalar s (sig[off..off+keyLen)) at least L?  No allocation. */
    boolean scalarTooLarge(byte[] sig, int off) {
        for (int i = keyLen - 1; i >= 0; i--) {
            int a = sig[off + i] & 0xff;
            int b = orderLe[i] & 0xff;
            if (a != b) {
                return a > b;
            }
        }
        return true; // equal to L
    }

    /**
     * Checks an encoded point as SunEC's decoder does.  Returns null when it
     * decodes, else the message SunEC uses ("y value is too large", "Invalid point").
     */
    String checkPoint(byte[] enc, int off) {
        byte[] be = new byte[keyLen];
        for (int i = 0; i < keyLen; i++) {
            be[i] = enc[off + keyLen - 1 - i];
        }
        int xLsb = (be[0] & 0x80) >>> 7;
        be[0] &= 0x7f;
        BigInteger y = new BigInteger(1, be);
        if (y.compareTo(p) >= 0) {
            return "y value is too large";
        }
        return checkPoint(xLsb == 1, y);
    }

    /** As above for an affine (xOdd, y) given as an EdECPoint's parts. */
    String checkPoint(boolean xOdd, BigInteger y) {
        if (y.signum() < 0 || y.compareTo(p) >= 0) {
            return "y value is too large";
        }
        BigInteger y2 = y.multiply(y).mod(p);
        BigInteger u = y2.subtract(BigInteger.ONE).mod(p);
        // Ed25519 (a = -1): x^2 = (y^2 - 1) / (d y^2 + 1); Ed448 (a = 1): (y^2 - 1) / (d y^2 - 1)
        BigInteger v = this == ED25519 ? d.multiply(y2).add(BigInteger.ONE).mod(p)
                : d.multiply(y2).subtract(BigInteger.ONE).mod(p);
        BigInteger x2;
        if (v.signum() == 0) {
            if (u.signum() != 0) {
                return "Invalid point";
            }
            x2 = BigInteger.ZERO;
        } else {
            x2 = u.multiply(v.modInverse(p)).mod(p);
        }
        if (x2.signum() == 0) {
            return xOdd ? "Invalid point" : null;
        }
        BigInteger euler = x2.modPow(p.subtract(BigInteger.ONE).shiftRight(1), p);
        return euler.equals(BigInteger.ONE) ? null : "Invalid point";
    }
}
