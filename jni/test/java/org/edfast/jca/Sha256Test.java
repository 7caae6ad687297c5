// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** NativeLoader's SHA-256 against the JDK's, at every length around the padding's edges and at random ones. */
class Sha256Test {
    @Test
    void sameAsMessageDigest() throws Exception {
        Random random = new Random(25519);
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        for (int len = 0; len < 300; len++) {
            byte[] data = new byte[len];
            random.nextBytes(data);
            assertEquals(HexFormat.of().formatHex(md.digest(data)), Sha256.hex(data), "length " + len);
        }
        for (int i = 0; i < 20; i++) {
            byte[] data = new byte[random.nextInt(200_000)];
            random.nextBytes(data);
            assertEquals(HexFormat.of().formatHex(md.digest(data)), Sha256.hex(data), "length " + data.length);
        }
        // FIPS 180-4's example: "abc".
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", Sha256.hex("abc".getBytes()));
    }
}
