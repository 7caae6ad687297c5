// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyFactorySpi;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.EdECKey;
import java.security.interfaces.EdECPrivateKey;
import java.security.interfaces.EdECPublicKey;
import java.security.spec.EdECPrivateKeySpec;
import java.security.spec.EdECPublicKeySpec;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.function.Function;

/**
 * KeyFactory for EdDSA / Ed25519 / Ed448.  Pure Java (no native state is made
 * until a key is used), with SunEC's behaviour and messages.
 */
final class EdFastKeyFactory extends KeyFactorySpi {
    private final Curve locked;

    EdFastKeyFactory(Curve locked) {
        this.locked = locked;
    }

    private <T extends Throwable> void checkLocked(Function<String, T> exception, Curve c) throws T {
        if (locked != null && locked != c) {
            throw exception.apply("Parameters must be " + locked.specName);
        }
    }

    /** Any EdEC key or encoded key as an EdFast key (the same object when it already is one). */
    static Key translate(Key key, Curve locked) throws InvalidKeyException {
        if (key == null) {
            throw new InvalidKeyException("Key must not be null");
        }
        if (key instanceof EdECKey) {
            Curve c = Curve.of(InvalidKeyException::new, ((EdECKey) key).getParams());
            if (locked != null && locked != c) {
                throw new InvalidKeyException("Parameters must be " + locked.specName);
            }
            if (key instanceof EdFastPublicKey || key instanceof EdFastPrivateKey) {
                return key;
            }
            if (key instanceof EdECPublicKey) {
                return EdFastPublicKey.fromPoint(c, ((EdECPublicKey) key).getPoint());
            } else if (key instanceof EdECPrivateKey) {
                byte[] seed = ((EdECPrivateKey) key).getBytes().orElseThrow(
                        () -> new InvalidKeyException("No private key data"));
                try {
                    return privateFromSeed(c, seed, InvalidKeyException::new);
                } finally {
                    Arrays.fill(seed, (byte) 0);
                }
            }
            throw new InvalidKeyException("Unsupported EdECKey subclass");
        } else if (key instanceof PublicKey && "X.509".equals(key.getFormat())) {
            EdFastPublicKey k = EdFastPublicKey.fromX509(key.getEncoded());
            if (locked != null && locked != k.curve) {
                throw new InvalidKeyException("Parameters must be " + locked.specName);
            }
            return k;
        } else if (key instanceof PrivateKey && "PKCS#8".equals(key.getFormat())) {
            byte[] encoded = key.getEncoded();
            try {
                EdFastPrivateKey k = EdFastPrivateKey.fromPkcs8(encoded);
                if (locked != null && locked != k.curve) {
                    throw new InvalidKeyException("Parameters must be " + locked.specName);
                }
                return k;
            } finally {
                if (encoded != null) {
                    Arrays.fill(encoded, (byte) 0);
                }
            }
        }
        throw new InvalidKeyException("Unsupported key type or format");
    }

    static <T extends Throwable> EdFastPrivateKey privateFromSeed(Curve c, byte[] seed,
            Function<String, T> exception) throws T {
        if (seed.length != c.keyLen) {
            throw exception.apply("key length is " + seed.length + ", key length must be "
                    + c.keyLen);
        }
        return new EdFastPrivateKey(c, seed, null, null, null);
    }

    @Override
    protected Key engineTranslateKey(Key key) throws InvalidKeyException {
        return translate(key, locked);
    }

    @Override
    protected PublicKey engineGeneratePublic(KeySpec keySpec) throws InvalidKeySpecException {
        try {
            if (keySpec instanceof X509EncodedKeySpec) {
                EdFastPublicKey k = EdFastPublicKey.fromX509(
                        ((X509EncodedKeySpec) keySpec).getEncoded());
                checkLocked(InvalidKeySpecException::new, k.curve);
                return k;
            } else if (keySpec instanceof EdECPublicKeySpec) {
                EdECPublicKeySpec spec = (EdECPublicKeySpec) keySpec;
                Curve c = Curve.of(InvalidKeySpecException::new, spec.getParams());
                checkLocked(InvalidKeySpecException::new, c);
                return EdFastPublicKey.fromPoint(c, spec.getPoint());
            } else if (keySpec instanceof PKCS8EncodedKeySpec) {
                Der.Private p = Der.parsePkcs8(((PKCS8EncodedKeySpec) keySpec).getEncoded());
                Arrays.fill(p.seed, (byte) 0);
                if (p.publicRaw == null) {
                    throw new InvalidKeySpecException("No public key found.");
                }
                return EdFastPublicKey.fromRaw(p.curve, p.publicRaw, null, false);
            } else if (keySpec == null) {
                throw new InvalidKeySpecException("keySpec must not be null");
            }
            throw new InvalidKeySpecException(keySpec.getClass().getName() + " not supported.");
        } catch (InvalidKeyException e) {
            throw new InvalidKeySpecException(e);
        }
    }

    @Override
    protected PrivateKey engineGeneratePrivate(KeySpec keySpec) throws InvalidKeySpecException {
        try {
            if (keySpec instanceof PKCS8EncodedKeySpec) {
                byte[] encoded = ((PKCS8EncodedKeySpec) keySpec).getEncoded();
                try {
                    EdFastPrivateKey k = EdFastPrivateKey.fromPkcs8(encoded);
                    checkLocked(InvalidKeySpecException::new, k.curve);
                    return k;
                } finally {
                    Arrays.fill(encoded, (byte) 0);
                }
            } else if (keySpec instanceof EdECPrivateKeySpec) {
                EdECPrivateKeySpec spec = (EdECPrivateKeySpec) keySpec;
                Curve c = Curve.of(InvalidKeySpecException::new, spec.getParams());
                checkLocked(InvalidKeySpecException::new, c);
                byte[] bytes = spec.getBytes();
                try {
                    return privateFromSeed(c, bytes, InvalidKeyException::new);
                } finally {
                    Arrays.fill(bytes, (byte) 0);
                }
            } else if (keySpec == null) {
                throw new InvalidKeySpecException("keySpec must not be null");
            }
            throw new InvalidKeySpecException(keySpec.getClass().getName() + " not supported.");
        } catch (InvalidKeyException e) {
            throw new InvalidKeySpecException(e);
        }
    }

    @Override
    protected <T extends KeySpec> T engineGetKeySpec(Key key, Class<T> keySpec)
            throws InvalidKeySpecException {
        if (key instanceof EdECPublicKey) {
            EdECPublicKey k = (EdECPublicKey) key;
            checkLocked(InvalidKeySpecException::new,
                    Curve.of(InvalidKeySpecException::new, k.getParams()));
            if (keySpec.isAssignableFrom(X509EncodedKeySpec.class)) {
                if (!"X.509".equals(key.getFormat())) {
                    throw new InvalidKeySpecException("Format is not X.509");
                }
                return keySpec.cast(new X509EncodedKeySpec(key.getEncoded()));
            } else if (keySpec.isAssignableFrom(EdECPublicKeySpec.class)) {
                return keySpec.cast(new EdECPublicKeySpec(k.getParams(), k.getPoint()));
            }
            throw new InvalidKeySpecException(
                    "KeySpec must be X509EncodedKeySpec or EdECPublicKeySpec");
        } else if (key instanceof EdECPrivateKey) {
            EdECPrivateKey k = (EdECPrivateKey) key;
            checkLocked(InvalidKeySpecException::new,
                    Curve.of(InvalidKeySpecException::new, k.getParams()));
            if (keySpec.isAssignableFrom(PKCS8EncodedKeySpec.class)) {
                if (!"PKCS#8".equals(key.getFormat())) {
                    throw new InvalidKeySpecException("Format is not PKCS#8");
                }
                byte[] encoded = key.getEncoded();
                try {
                    return keySpec.cast(new PKCS8EncodedKeySpec(encoded));
                } finally {
                    Arrays.fill(encoded, (byte) 0);
                }
            } else if (keySpec.isAssignableFrom(EdECPrivateKeySpec.class)) {
                byte[] seed = k.getBytes().orElseThrow(
                        () -> new InvalidKeySpecException("No private key value"));
                try {
                    return keySpec.cast(new EdECPrivateKeySpec(k.getParams(), seed));
                } finally {
                    Arrays.fill(seed, (byte) 0);
                }
            }
            throw new InvalidKeySpecException(
                    "KeySpec must be PKCS8EncodedKeySpec or EdECPrivateKeySpec");
        }
        throw new InvalidKeySpecException("Unsupported key type");
    }
}
