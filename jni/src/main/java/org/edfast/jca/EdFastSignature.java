// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

import java.lang.ref.Reference;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.InvalidParameterException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.SignatureException;
import java.security.SignatureSpi;
import java.security.interfaces.EdECPrivateKey;
import java.security.interfaces.EdECPublicKey;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.EdDSAParameterSpec;
import java.util.Arrays;

/**
 * Signature for EdDSA / Ed25519 / Ed448.
 *
 * The message is gathered in a growable array and handed to OpenSSL in one
 * EVP_DigestSign / EVP_DigestVerify call through an EVP_MD_CTX owned by this
 * object (re-initialised, not re-made, between operations).  An
 * EdDSAParameterSpec asking for prehash or a context goes to OpenSSL as the
 * "instance" / "context-string" parameters when the serving provider takes
 * them, and to SunEC for that operation when it does not: the glue decides
 * (NativeLib.RC_SUNEC).  Bad input is reported as SunEC (JDK 25) reports it.
 */
final class EdFastSignature extends SignatureSpi {
    private static final EdDSAParameterSpec PURE = new EdDSAParameterSpec(false);
    private static final int MODE_NONE = 0, MODE_SIGN = 1, MODE_VERIFY = 2;

    private final Curve locked;
    private Curve curve;
    private int mode = MODE_NONE;
    private EdFastPrivateKey privateKey;
    private EdFastPublicKey publicKey;
    private EdDSAParameterSpec params = PURE;
    private int instance = NativeLib.INST_PURE;
    private byte[] context;

    private byte[] buf = new byte[64];
    private int len;
    private boolean inProgress;

    /** This object's own native context, 0 when not made yet or when it borrows. */
    private long sigctx;
    private boolean borrowing;

    /** The last foreign key given, and what it became (saves re-converting it each init). */
    private Object lastForeign;
    private Object lastConverted;

    private Signature sunec;
    private Curve sunecCurve;

    EdFastSignature(Curve locked) {
        this.locked = locked;
    }

    private Curve curveOf(java.security.spec.NamedParameterSpec spec)
            throws InvalidKeyException {
        Curve c = Curve.of(InvalidKeyException::new, spec);
        if (locked != null && locked != c) {
            throw new InvalidKeyException("Parameters must be " + locked.specName);
        }
        return c;
    }

    @Override
    protected void engineInitSign(PrivateKey key) throws InvalidKeyException {
        engineInitSign(key, null);
    }

    @Override
    protected void engineInitSign(PrivateKey key, SecureRandom random) throws InvalidKeyException {
        if (!(key instanceof EdECPrivateKey)) {
            throw new InvalidKeyException("Unsupported key type");
        }
        EdECPrivateKey edKey = (EdECPrivateKey) key;
        Curve c = curveOf(edKey.getParams());
        EdFastPrivateKey k;
        if (key instanceof EdFastPrivateKey) {
            k = (EdFastPrivateKey) key;
        } else if (key == lastForeign) {
            k = (EdFastPrivateKey) lastConverted;
        } else {
            byte[] seed = edKey.getBytes().orElseThrow(
                    () -> new InvalidKeyException("No private key value"));
            try {
                k = EdFastKeyFactory.privateFromSeed(c, seed, InvalidKeyException::new);
            } finally {
                Arrays.fill(seed, (byte) 0);
            }
            lastForeign = key;
            lastConverted = k;
        }
        if (NativeLib.AVAILABLE) {
            k.handle(); // make the EVP_PKEY now: a bad key fails here, not in sign()
        }
        this.curve = c;
        this.privateKey = k;
        this.publicKey = null;
        this.mode = MODE_SIGN;
        resetMessage();
    }

    @Override
    protected void engineInitVerify(PublicKey key) throws InvalidKeyException {
        if (!(key instanceof EdECPublicKey)) {
            throw new InvalidKeyException("Unsupported key type");
        }
        EdECPublicKey edKey = (EdECPublicKey) key;
        Curve c = curveOf(edKey.getParams());
        EdFastPublicKey k;
        if (key instanceof EdFastPublicKey) {
            k = (EdFastPublicKey) key;
        } else if (key == lastForeign) {
            k = (EdFastPublicKey) lastConverted;
        } else {
            k = EdFastPublicKey.fromPoint(c, edKey.getPoint());
            lastForeign = key;
            lastConverted = k;
        }
        k.checkDecodes();
        if (NativeLib.AVAILABLE) {
            k.handle();
        }
        this.curve = c;
        this.publicKey = k;
        this.privateKey = null;
        this.mode = MODE_VERIFY;
        resetMessage();
    }

    private void resetMessage() {
        len = 0;
        inProgress = false;
        if (buf.length > 1 << 20) {
            buf = new byte[64]; // do not keep a huge buffer for ever
        }
    }

    @Override
    protected void engineUpdate(byte b) throws SignatureException {
        if (mode == MODE_NONE) {
            throw new SignatureException("not initialized");
        }
        inProgress = true;
        if (len == buf.length) {
            grow(len + 1);
        }
        buf[len++] = b;
    }

    @Override
    protected void engineUpdate(byte[] b, int off, int n) throws SignatureException {
        if (mode == MODE_NONE) {
            throw new SignatureException("not initialized");
        }
        inProgress = true;
        if (n <= 0) {
            return;
        }
        if (n > buf.length - len) {
            grow(len + n);
        }
        System.arraycopy(b, off, buf, len, n);
        len += n;
    }

    private void grow(int needed) {
        if (needed < 0) {
            throw new OutOfMemoryError("message too long");
        }
        int cap = buf.length;
        while (cap < needed) {
            cap = cap > (Integer.MAX_VALUE - 8) / 2 ? Integer.MAX_VALUE - 8 : cap * 2;
            if (cap < needed && cap == Integer.MAX_VALUE - 8) {
                throw new OutOfMemoryError("message too long");
            }
        }
        buf = Arrays.copyOf(buf, cap);
    }

    private long sigctx(boolean signing) {
        if (sigctx != 0) {
            return sigctx;
        }
        if (!borrowing) {
            sigctx = SigContexts.own(this);
            if (sigctx != 0) {
                return sigctx;
            }
            borrowing = true;
        }
        return SigContexts.threadShared(signing);
    }

    @Override
    protected byte[] engineSign() throws SignatureException {
        if (mode != MODE_SIGN) {
            throw new SignatureException("Missing private key");
        }
        try {
            byte[] sig = new byte[curve.sigLen];
            int rc = glue(true, sig);
            if (rc == NativeLib.RC_SUNEC) {
                return sunecSign();
            }
            if (rc != curve.sigLen) {
                throw new SignatureException("OpenSSL could not sign");
            }
            return sig;
        } finally {
            resetMessage();
        }
    }

    /**
     * The glue's answer for the message (NativeLib.sign into sig, or NativeLib.verify
     * of sig), and RC_SUNEC on the Java path: the glue decides who serves.
     */
    private int glue(boolean signing, byte[] sig) throws SignatureException {
        if (!NativeLib.AVAILABLE) {
            return NativeLib.RC_SUNEC;
        }
        Object key = signing ? privateKey : publicKey;
        try {
            long ctx = sigctx(signing);
            return signing
                    ? NativeLib.sign(ctx, privateKey.handle(), curve.id, instance, context, buf, 0, len, sig)
                    : NativeLib.verify(ctx, publicKey.handle(), curve.id, instance, context, buf, 0, len, sig);
        } catch (InvalidKeyException | InvalidAlgorithmParameterException e) {
            throw new SignatureException(e);
        } finally {
            Reference.reachabilityFence(key);
            Reference.reachabilityFence(this);
        }
    }

    @Override
    protected boolean engineVerify(byte[] sig) throws SignatureException {
        if (mode != MODE_VERIFY) {
            throw new SignatureException("Missing publicKey");
        }
        try {
            if (sig == null) {
                throw new SignatureException("signature was null");
            }
            if (sig.length != curve.sigLen) {
                throw new SignatureException("signature length invalid");
            }
            if (curve.scalarTooLarge(sig, curve.keyLen)) {
                throw new SignatureException("s is too large");
            }
            int rc = glue(false, sig);
            if (rc == NativeLib.RC_SUNEC) {
                return sunecVerify(sig);
            }
            if (rc == 1) {
                return true;
            }
            if (rc != 0) {
                throw new SignatureException("OpenSSL could not verify");
            }
            // OpenSSL says no; SunEC throws rather than says no when R does not decode.
            String why = curve.checkPoint(sig, 0);
            if (why != null) {
                throw new SignatureException(why);
            }
            return false;
        } finally {
            resetMessage();
        }
    }

    private Signature sunec() throws GeneralSecurityException {
        if (sunec == null || sunecCurve != curve) {
            sunec = Signature.getInstance(curve.specName, SunEc.provider());
            sunecCurve = curve;
        }
        sunec.setParameter(params);
        return sunec;
    }

    private byte[] sunecSign() throws SignatureException {
        try {
            Signature s = sunec();
            s.initSign(privateKey);
            s.update(buf, 0, len);
            return s.sign();
        } catch (SignatureException e) {
            throw e;
        } catch (GeneralSecurityException e) {
            throw new SignatureException("SunEC could not sign", e);
        }
    }

    private boolean sunecVerify(byte[] sig) throws SignatureException {
        try {
            Signature s = sunec();
            s.initVerify(publicKey);
            s.update(buf, 0, len);
            return s.verify(sig);
        } catch (SignatureException e) {
            throw e;
        } catch (GeneralSecurityException e) {
            throw new SignatureException("SunEC could not verify", e);
        }
    }

    @Override
    protected void engineSetParameter(AlgorithmParameterSpec spec)
            throws InvalidAlgorithmParameterException {
        if (spec == null) {
            return; // by convention, as SunEC
        }
        if (!(spec instanceof EdDSAParameterSpec)) {
            throw new InvalidAlgorithmParameterException("Only EdDSAParameterSpec supported");
        }
        if (inProgress) {
            throw new InvalidParameterException(
                    "Cannot change signature parameters during operation");
        }
        EdDSAParameterSpec p = (EdDSAParameterSpec) spec;
        byte[] ctx = p.getContext().orElse(null);
        if (ctx != null && ctx.length > 255) {
            throw new InvalidAlgorithmParameterException("Context is longer than 255 bytes");
        }
        this.params = p;
        this.context = ctx;
        this.instance = p.isPrehash() ? NativeLib.INST_PH
                : ctx != null ? NativeLib.INST_CTX : NativeLib.INST_PURE;
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
        return null; // no ASN.1 for prehash and context (RFC 8410), as SunEC
    }

    @Deprecated
    @Override
    protected void engineSetParameter(String param, Object value) {
        throw new UnsupportedOperationException("setParameter() not supported");
    }

    @Deprecated
    @Override
    protected Object engineGetParameter(String param) {
        throw new UnsupportedOperationException("getParameter() not supported");
    }
}
