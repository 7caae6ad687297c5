// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

import java.security.InvalidKeyException;
import java.util.Arrays;

/**
 * The two encodings EdDSA keys have (RFC 8410), written exactly as SunEC writes
 * them and read with the checks SunEC applies.
 */
final class Der {
    private Der() {
    }

    /** SubjectPublicKeyInfo: SEQUENCE { SEQUENCE { OID }, BIT STRING { 0, key } }. */
    static byte[] x509(Curve c, byte[] raw) {
        int n = c.keyLen;
        byte[] out = new byte[12 + n];
        byte[] head = {0x30, (byte) (10 + n), 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, c.oidLastByte,
            0x03, (byte) (n + 1), 0x00};
        System.arraycopy(head, 0, out, 0, head.length);
        System.arraycopy(raw, 0, out, 12, n);
        return out;
    }

    /** OneAsymmetricKey v1: SEQUENCE { INTEGER 0, SEQUENCE { OID }, OCTET STRING { OCTET STRING seed } }. */
    static byte[] pkcs8(Curve c, byte[] seed) {
        int n = c.keyLen;
        byte[] out = new byte[16 + n];
        byte[] head = {0x30, (byte) (14 + n), 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b,
            0x65, c.oidLastByte, 0x04, (byte) (n + 2), 0x04, (byte) n};
        System.arraycopy(head, 0, out, 0, head.length);
        System.arraycopy(seed, 0, out, 16, n);
        return out;
    }

    /** A cursor over DER TLVs. */
    private static final class Reader {
        final byte[] b;
        int pos;
        final int end;
        int tag;
        int len;

        Reader(byte[] b, int pos, int end) {
            this.b = b;
            this.pos = pos;
            this.end = end;
        }

        boolean more() {
            return pos < end;
        }

        /** Reads a tag and length; pos then points at the contents. */
        void next() throws InvalidKeyException {
            if (pos + 2 > end) {
                throw new InvalidKeyException("Unable to decode key: truncated");
            }
            tag = b[pos++] & 0xff;
            int l = b[pos++] & 0xff;
            if (l >= 0x80) {
                int count = l & 0x7f;
                if (count == 0 || count > 3 || pos + count > end) {
                    throw new InvalidKeyException("Unable to decode key: bad length");
                }
                l = 0;
                for (int i = 0; i < count; i++) {
                    l = (l << 8) | (b[pos++] & 0xff);
                }
            }
            if (l > end - pos) {
                throw new InvalidKeyException("Unable to decode key: truncated");
            }
            len = l;
        }

        Reader inner() {
            Reader r = new Reader(b, pos, pos + len);
            pos += len;
            return r;
        }

        void expect(int t) throws InvalidKeyException {
            next();
            if (tag != t) {
                throw new InvalidKeyException("Unable to decode key: unexpected tag " + tag);
            }
        }
    }

    private static Curve algorithm(Reader outer) throws InvalidKeyException {
        outer.expect(0x30);
        Reader alg = outer.inner();
        alg.expect(0x06);
        byte[] oid = Arrays.copyOfRange(alg.b, alg.pos, alg.pos + alg.len);
        alg.pos += alg.len;
        if (alg.more()) {
            throw new InvalidKeyException("Unable to decode key: unexpected algorithm parameters");
        }
        if (oid.length == 3 && oid[0] == 0x2b && oid[1] == 0x65) {
            Curve c = Curve.byOid(oid[2]);
            if (c != null) {
                return c;
            }
        }
        throw new InvalidKeyException("Unsupported OID: " + oidString(oid));
    }

    private static String oidString(byte[] oid) {
        if (oid.length == 0) {
            return "(empty)";
        }
        StringBuilder s = new StringBuilder();
        int first = oid[0] & 0xff;
        s.append(Math.min(first / 40, 2)).append('.').append(first - 40 * Math.min(first / 40, 2));
        long v = 0;
        for (int i = 1; i < oid.length; i++) {
            v = (v << 7) | (oid[i] & 0x7f);
            if ((oid[i] & 0x80) == 0) {
                s.append('.').append(v);
                v = 0;
            }
        }
        return s.toString();
    }

    /** A decoded X.509 public key. */
    static final class Public {
        final Curve curve;
        final byte[] raw;

        Public(Curve curve, byte[] raw) {
            this.curve = curve;
            this.raw = raw;
        }
    }

    static Public parseX509(byte[] enc) throws InvalidKeyException {
        if (enc == null) {
            throw new InvalidKeyException("Missing key encoding");
        }
        Reader top = new Reader(enc, 0, enc.length);
        top.expect(0x30);
        Reader seq = top.inner();
        if (top.more()) {
            throw new InvalidKeyException("Unable to decode key: extra data");
        }
        Curve c = algorithm(seq);
        seq.expect(0x03);
        if (seq.len < 1 || enc[seq.pos] != 0) {
            throw new InvalidKeyException("Unable to decode key: bad bit string");
        }
        byte[] raw = Arrays.copyOfRange(enc, seq.pos + 1, seq.pos + seq.len);
        seq.pos += seq.len;
        if (seq.more()) {
            throw new InvalidKeyException("Unable to decode key: extra data");
        }
        if (raw.length != c.keyLen) {
            throw new InvalidKeyException("key length must be " + c.keyLen);
        }
        return new Public(c, raw);
    }

    /** A decoded PKCS#8 (v1 or v2) private key. */
    static final class Private {
        final Curve curve;
        final byte[] seed;
        final byte[] publicRaw; // v2 only, else null

        Private(Curve curve, byte[] seed, byte[] publicRaw) {
            this.curve = curve;
            this.seed = seed;
            this.publicRaw = publicRaw;
        }
    }

    static Private parsePkcs8(byte[] enc) throws InvalidKeyException {
        if (enc == null) {
            throw new InvalidKeyException("Missing key encoding");
        }
        Reader top = new Reader(enc, 0, enc.length);
        top.expect(0x30);
        Reader seq = top.inner();
        if (top.more()) {
            throw new InvalidKeyException("Unable to decode key: extra data");
        }
        seq.expect(0x02);
        if (seq.len != 1 || (enc[seq.pos] != 0 && enc[seq.pos] != 1)) {
            throw new InvalidKeyException("unknown version");
        }
        int version = enc[seq.pos];
        seq.pos += seq.len;
        Curve c = algorithm(seq);
        seq.expect(0x04);
        Reader material = seq.inner();
        material.expect(0x04);
        byte[] seed = Arrays.copyOfRange(enc, material.pos, material.pos + material.len);
        material.pos += material.len;
        if (material.more()) {
            throw new InvalidKeyException("Unable to decode key: extra data in private key");
        }
        byte[] pub = null;
        if (seq.more()) {
            seq.next();
            if (seq.tag == 0xa0 || seq.tag == 0x80) { // attributes, ignored
                seq.pos += seq.len;
                if (seq.more()) {
                    seq.next();
                } else {
                    seq.tag = -1;
                }
            }
            if (seq.tag != -1) {
                if (version != 1 || seq.tag != 0x81 || seq.len < 1 || enc[seq.pos] != 0) {
                    throw new InvalidKeyException("Invalid context tag");
                }
                pub = Arrays.copyOfRange(enc, seq.pos + 1, seq.pos + seq.len);
                seq.pos += seq.len;
                if (seq.more()) {
                    throw new InvalidKeyException("Extra bytes");
                }
            }
        }
        if (seed.length != c.keyLen) {
            throw new InvalidKeyException("key length is " + seed.length + ", key length must be "
                    + c.keyLen);
        }
        if (pub != null && pub.length != c.keyLen) {
            throw new InvalidKeyException("key length must be " + c.keyLen);
        }
        return new Private(c, seed, pub);
    }
}
