#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Makes the small binary seed corpora of the fuzz targets (fuzz/corpus/<target>/).

Sources: the RFC 8032 vectors of test/native25519/rfc8032_test.c and
test/native448/rfc8032_test.c, ../shared/vectors (Wycheproof and speccheck,
a few cases per group), and DER/PEM encodings of RFC 8032 keys made here
(encrypted PKCS#8 with the openssl command, passphrase "fuzz", 1 iteration).
Run from anywhere: python3 fuzz/make_seeds.py [vectors_dir]
"""
import hashlib, json, os, re, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "fuzz", "corpus")
VECTORS = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "..", "shared", "vectors")

def rfc_vectors():
    """(curve, framing, seed, pub, msg, ctx, sig): curve 0/1, framing 0 pure 1 ctx 2 ph."""
    out = []
    src = open(os.path.join(ROOT, "test/native25519/rfc8032_test.c")).read()
    for m in re.finditer(r'\{\s*EDFAST_(PURE|CONTEXT|PREHASH),\s*"(\w*)",\s*"(\w*)",\s*"(\w*)",\s*"(\w*)",\s*"(\w*)"', src):
        fr = {"PURE": 0, "CONTEXT": 1, "PREHASH": 2}[m.group(1)]
        out.append((0, fr) + tuple(bytes.fromhex(g) for g in m.groups()[1:]))
    src = open(os.path.join(ROOT, "test/native448/rfc8032_test.c")).read()
    for m in re.finditer(r'\{\s*"[^"]*",\s*"(\w*)",\s*"(\w*)",\s*"(\w*)",\s*"(\w*)",\s*"(\w*)",\s*(\d)', src):
        g = [bytes.fromhex(x) for x in m.groups()[:5]]
        out.append((1, 2 if m.group(6) == "1" else 0, *g))
    return out

def write(target, name, data):
    d = os.path.join(OUT, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)

def openssl(*args, data=None, cwd=None):
    return subprocess.run(["openssl", *args], input=data, capture_output=True, check=True,
                          cwd=cwd).stdout

def legacy_pem(label, der):
    """A PEM block under the old "Proc-Type: 4,ENCRYPTED" scheme, passphrase "fuzz"."""
    iv = "00112233445566778899AABBCCDDEEFF"
    key = re.search(r"key=(\w+)", openssl("enc", "-aes-128-cbc", "-P", "-md", "md5", "-S", iv[:16],
                                          "-pass", "pass:fuzz").decode()).group(1)
    body = openssl("enc", "-aes-128-cbc", "-K", key, "-iv", iv, "-a", data=der)
    return (b"-----BEGIN %s-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,%s\n\n"
            % (label, iv.encode()) + body + b"-----END %s-----\n" % label)

def make_encode_store_seeds(tmp, picked, prefix_pki, prefix_spki):
    # encode: flags (curve, public only, output, selection, foreign), cipher byte, pass, key
    KEYPAIR, PUBLIC, PRIVATE = 0, 1, 2
    for curve, _, seed, pub, *_ in picked:
        for out in range(8):
            for public_only in (0, 1):
                sel = PUBLIC if public_only or out in (4, 5) else KEYPAIR
                for foreign in (0, 1):
                    flags = curve | public_only << 1 | out << 2 | sel << 5 | foreign << 7
                    cipher = b"\x21fuzz" if out in (2, 3) else b"\x00"
                    write("encode", "key%d_out%d_%s%s" % (curve, out, "pub" if public_only else "pair",
                                                         "_foreign" if foreign else ""),
                          bytes([flags]) + cipher + (pub if public_only else seed))
        write("encode", "key%d_text_private" % curve, bytes([curve | 6 << 2 | PRIVATE << 5, 0]) + seed)
        for c in range(2, 7):
            write("encode", "key%d_pki_cipher%d" % (curve, c),
                  bytes([curve, c | 4 << 3]) + b"fuzz" + seed)
    # store: flags (how, expected type, passphrase), then the file
    pem = {}
    for curve, _, seed, pub, *_ in picked:
        pki = prefix_pki[curve] + seed
        spki = prefix_spki[curve] + pub
        pem["pki%d" % curve] = openssl("pkey", "-inform", "DER", data=pki)
        pem["spki%d" % curve] = openssl("pkey", "-inform", "DER", "-pubout", data=pki)
        pem["epki%d" % curve] = openssl("pkcs8", "-topk8", "-inform", "DER", "-v2", "aes-128-cbc",
                                        "-iter", "1", "-passout", "pass:fuzz", data=pki)
        pem["legacy%d" % curve] = legacy_pem(b"PRIVATE KEY", pki)
        write("store", "pki%d.der" % curve, bytes([0]) + pki)
        write("store", "spki%d.der" % curve, bytes([1]) + spki)
        write("store", "epki%d.der" % curve, bytes([2 | 64]) +
              openssl("pkcs8", "-topk8", "-inform", "DER", "-outform", "DER", "-v2", "aes-128-cbc",
                      "-iter", "1", "-passout", "pass:fuzz", data=pki))
    key = os.path.join(tmp, "key0.pem")
    with open(key, "wb") as f:
        f.write(pem["pki0"])
    with open(os.path.join(tmp, "ca.cnf"), "w") as f:
        f.write("[ca]\ndefault_ca = c\n[c]\ndatabase = index.txt\ncrlnumber = crlnumber\n"
                "default_md = default\ndefault_crl_days = 36500\n")
    open(os.path.join(tmp, "index.txt"), "w").close()
    with open(os.path.join(tmp, "crlnumber"), "w") as f:
        f.write("01\n")
    openssl("req", "-x509", "-new", "-key", "key0.pem", "-subj", "/CN=fuzz", "-days", "36500",
            "-set_serial", "1", "-out", "cert.pem", cwd=tmp)
    openssl("ca", "-config", "ca.cnf", "-gencrl", "-keyfile", "key0.pem", "-cert", "cert.pem",
            "-out", "crl.pem", cwd=tmp)
    pem["cert"] = open(os.path.join(tmp, "cert.pem"), "rb").read()
    pem["crl"] = open(os.path.join(tmp, "crl.pem"), "rb").read()
    write("store", "cert.der", bytes([0]) + openssl("x509", "-outform", "DER", "-in", "cert.pem", cwd=tmp))
    how = 0
    for name, data in sorted(pem.items()):
        how = (how + 1) % 7
        write("store", name + ".pem", bytes([how | 64]) + data)
    bundle = b"a key and what it signed\n" + b"".join(pem[k] for k in sorted(pem))
    for expect in range(7):
        write("store", "bundle_expect%d" % expect, bytes([expect << 3 | 64]) + bundle)
    write("store", "bundle_nopass", bytes([0]) + bundle)
    write("store", "dir", bytes([5]) + pem["pki0"])

def main():
    rfc = rfc_vectors()
    assert len(rfc) >= 10, "RFC 8032 vectors not found"
    for i, (curve, fr, seed, pub, msg, ctx, sig) in enumerate(rfc):
        msg = msg[:300]
        # import: flags curve | halves<<1
        for halves in (0, 1, 2, 3):
            write("import", "rfc%02d_h%d" % (i, halves), bytes([curve | halves << 1]) + seed + pub + sig + msg)
        write("import", "rfc%02d_badlen" % i, bytes([curve | 2 << 1 | 8, 0xff, 1]) + seed + pub + sig + msg)
        # verify: kind 0 pure, 1 ctx, 2 ph; Ed448 pure with a context is kind 1
        kind = fr if curve == 0 else (2 if fr == 2 else (1 if ctx else 0))
        write("verify", "rfc%02d" % i, bytes([curve | kind << 1, len(ctx)]) + pub + sig + ctx + msg)
        write("verify", "rfc%02d_signfirst" % i, bytes([curve | kind << 1 | 16, len(ctx), 3, 1]) + seed + sig + ctx + msg)
    # verify: Wycheproof and speccheck cases
    wp = os.path.join(VECTORS, "wycheproof")
    for curve, fname in ((0, "ed25519_test.json"), (1, "ed448_test.json")):
        path = os.path.join(wp, fname)
        if not os.path.exists(path):
            continue
        n = 0
        for group in json.load(open(path))["testGroups"]:
            pub = bytes.fromhex(group["publicKey"]["pk"])
            for t in group["tests"][::4]:
                sig, msg = bytes.fromhex(t["sig"]), bytes.fromhex(t["msg"])
                flags = curve | (8 if len(sig) != 2 * len(pub) else 0)
                head = bytes([flags, 0]) + (bytes([len(sig)]) if flags & 8 else b"")
                write("verify", "wp%d_%03d" % (curve, t["tcId"]), head + pub + sig + msg[:200])
                n += 1
    sc = os.path.join(VECTORS, "speccheck", "cases.json")
    if os.path.exists(sc):
        for i, c in enumerate(json.load(open(sc))):
            pub, sig, msg = (bytes.fromhex(c[k]) for k in ("pub_key", "signature", "message"))
            write("verify", "speccheck%02d" % i, bytes([0, 0]) + pub + sig + msg)
    # sigparams: flags, count, params (selector, type index, size, data), message
    def param(sel, tindex, data):
        return bytes([sel, tindex, len(data)]) + data
    INSTANCE, CONTEXT, DIGEST = 0x20, 0x21, 0x22  # selector % 10 -> known_names
    UTF8, OCTETS, UTF8PTR = 3, 4, 5
    cases = [
        (0, []), (1, []),
        (0, [param(INSTANCE, UTF8, b"Ed25519ctx"), param(CONTEXT, OCTETS, b"foo")]),
        (0, [param(INSTANCE, UTF8, b"Ed25519ph")]),
        (0, [param(INSTANCE, UTF8, b"Ed25519ph"), param(CONTEXT, OCTETS, b"bar")]),
        (0, [param(INSTANCE, UTF8PTR, b"Ed25519")]),
        (1, [param(INSTANCE, UTF8, b"Ed448"), param(CONTEXT, OCTETS, b"foo")]),
        (1, [param(INSTANCE, UTF8, b"Ed448ph")]),
        (1 | 2, [param(CONTEXT, OCTETS, b"x" * 200)]),
        (0 | 4, [param(INSTANCE, UTF8, b"ed25519CTX"), param(CONTEXT, OCTETS, b"\0")]),
        (1 | 6 | 8, [param(INSTANCE, UTF8, b"Ed448ph"), param(CONTEXT, OCTETS, b"ctx")]),
        (0 | 32, [param(INSTANCE, UTF8, b"Ed25519")]),
        (1 | 16, []),
        (0, [param(5, OCTETS, b"hello"), param(DIGEST, UTF8, b"SHA512")]),
    ]
    for i, (flags, params) in enumerate(cases):
        write("sigparams", "case%02d" % i, bytes([flags, len(params)]) + b"".join(params) + b"message")
    # decode: DER and PEM of RFC 8032 keys, plain and encrypted PKCS#8, SPKI
    prefix_pki = {0: bytes.fromhex("302e020100300506032b657004220420"),
                  1: bytes.fromhex("3047020100300506032b6571043b0439")}
    prefix_spki = {0: bytes.fromhex("302a300506032b6570032100"),
                   1: bytes.fromhex("3043300506032b6571033a00")}
    picked = [v for v in rfc if v[1] == 0][:1] + [v for v in rfc if v[0] == 1][:1]
    with tempfile.TemporaryDirectory() as tmp:
        for curve, _, seed, pub, *_ in picked:
            pki = prefix_pki[curve] + seed
            spki = prefix_spki[curve] + pub
            write("decode", "pki%d.der" % curve, bytes([0x01 | 1 << 2]) + pki)
            write("decode", "pki%d_any.der" % curve, bytes([0]) + pki)
            write("decode", "spki%d.der" % curve, bytes([0x01 | 3 << 2 | 2 << 6]) + spki)
            pem = subprocess.run(["openssl", "pkey", "-inform", "DER"], input=pki,
                                 capture_output=True, check=True).stdout
            write("decode", "pki%d.pem" % curve, bytes([0x02]) + pem)
            pub_pem = subprocess.run(["openssl", "pkey", "-inform", "DER", "-pubout"], input=pki,
                                     capture_output=True, check=True).stdout
            write("decode", "spki%d.pem" % curve, bytes([0x02 | (curve + 1) << 4]) + pub_pem)
            for fmt, flag in (("DER", 0x01), ("PEM", 0x02)):
                enc = subprocess.run(["openssl", "pkcs8", "-topk8", "-inform", "DER", "-outform", fmt,
                                      "-v2", "aes-128-cbc", "-iter", "1", "-passout", "pass:fuzz"],
                                     input=pki, capture_output=True, check=True).stdout
                write("decode", "epki%d.%s" % (curve, fmt.lower()), bytes([flag]) + enc)
        make_encode_store_seeds(tmp, picked, prefix_pki, prefix_spki)
    total = sum(os.path.getsize(os.path.join(dp, f)) for dp, _, fs in os.walk(OUT) for f in fs)
    print("seeds:", {t: len(os.listdir(os.path.join(OUT, t))) for t in sorted(os.listdir(OUT))},
          "bytes:", total)

main()
