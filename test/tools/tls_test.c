/* SPDX-License-Identifier: Apache-2.0 */
/*
 * TLS 1.3 over 127.0.0.1 with an Ed25519 and an Ed448 server certificate,
 * proving that edfast makes the server's CertificateVerify signature.
 *
 * The proof: the server's library context holds edfast and no_eddsa.so, the
 * "filter" provider (no_eddsa_provider.c) that passes OpenSSL's default provider through (ciphers, digests,
 * HKDF, key exchange, random numbers, decoders) with its ED25519 and ED448
 * key management and signatures taken out.  In that context nothing but
 * edfast can hold an EdDSA key or sign with one, so a completed handshake in
 * which the client checked an EdDSA CertificateVerify means edfast signed it.
 * The control: the server context's EdDSA signature is edfast's, and the
 * same context without edfast has no EdDSA signature or key manager at all.
 * The client is a separate context with the default provider alone, so the
 * signature is also checked by OpenSSL's own code.
 *
 * Usage: tls_test <dir holding edfast.so> <path of no_eddsa.so>
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/provider.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include "edfast_test_util.h"

/* ---- certificates, made by the default provider ---- */

struct credentials {
    char *key_pem;  /* the server key, PKCS#8 PEM */
    X509 *cert;     /* self-signed, in the client's context */
    char *cert_pem;
};

static char *bio_string(BIO *bio)
{
    char *data = NULL, *copy;
    long len = BIO_get_mem_data(bio, &data);

    if (len <= 0 || (copy = OPENSSL_malloc((size_t)len + 1)) == NULL)
        return NULL;
    memcpy(copy, data, (size_t)len);
    copy[len] = '\0';
    return copy;
}

static int make_credentials(OSSL_LIB_CTX *ctx, const char *alg, struct credentials *cred)
{
    EVP_PKEY *key = EVP_PKEY_Q_keygen(ctx, NULL, alg);
    X509 *cert = X509_new_ex(ctx, NULL);
    X509_NAME *name = X509_NAME_new();
    BIO *kbio = BIO_new(BIO_s_mem()), *cbio = BIO_new(BIO_s_mem());
    int ok = key != NULL && cert != NULL && name != NULL && kbio != NULL && cbio != NULL
        && X509_set_version(cert, X509_VERSION_3)
        && ASN1_INTEGER_set(X509_get_serialNumber(cert), 1)
        && X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, (const unsigned char *)"localhost",
                                      -1, -1, 0)
        && X509_set_subject_name(cert, name) && X509_set_issuer_name(cert, name)
        && X509_gmtime_adj(X509_getm_notBefore(cert), -3600)
        && X509_gmtime_adj(X509_getm_notAfter(cert), 86400)
        && X509_set_pubkey(cert, key)
        && X509_sign(cert, key, NULL) > 0 /* EdDSA: no digest */
        && PEM_write_bio_PrivateKey(kbio, key, NULL, NULL, 0, NULL, NULL)
        && PEM_write_bio_X509(cbio, cert);

    if (ok) {
        cred->key_pem = bio_string(kbio);
        cred->cert_pem = bio_string(cbio);
        cred->cert = cert;
        cert = NULL;
        ok = cred->key_pem != NULL && cred->cert_pem != NULL;
    }
    X509_free(cert);
    X509_NAME_free(name);
    EVP_PKEY_free(key);
    BIO_free(kbio);
    BIO_free(cbio);
    return ok;
}

/* ---- the server context, and a handshake over 127.0.0.1 ---- */

static SSL_CTX *server_ctx(OSSL_LIB_CTX *ctx, const struct credentials *cred, const char **why)
{
    SSL_CTX *sctx = SSL_CTX_new_ex(ctx, NULL, TLS_server_method());
    BIO *kbio = BIO_new_mem_buf(cred->key_pem, -1), *cbio = BIO_new_mem_buf(cred->cert_pem, -1);
    EVP_PKEY *key = NULL;
    X509 *cert = X509_new_ex(ctx, NULL);

    *why = "SSL_CTX_new_ex";
    if (sctx == NULL || kbio == NULL || cbio == NULL || cert == NULL)
        goto fail;
    *why = "reading the certificate";
    if (PEM_read_bio_X509(cbio, &cert, NULL, NULL) == NULL)
        goto fail;
    *why = "reading the key";
    if ((key = PEM_read_bio_PrivateKey_ex(kbio, NULL, NULL, NULL, ctx, NULL)) == NULL)
        goto fail;
    *why = "the key is not edfast's";
    if (EVP_PKEY_get0_provider(key) == NULL
            || strcmp(OSSL_PROVIDER_get0_name(EVP_PKEY_get0_provider(key)), "edfast") != 0)
        goto fail;
    *why = "setting certificate and key";
    if (!SSL_CTX_set_min_proto_version(sctx, TLS1_3_VERSION)
            || !SSL_CTX_use_certificate(sctx, cert) || !SSL_CTX_use_PrivateKey(sctx, key)
            || !SSL_CTX_check_private_key(sctx))
        goto fail;
    X509_free(cert);
    EVP_PKEY_free(key);
    BIO_free(kbio);
    BIO_free(cbio);
    *why = NULL;
    return sctx;

fail:
    SSL_CTX_free(sctx);
    X509_free(cert);
    EVP_PKEY_free(key);
    BIO_free(kbio);
    BIO_free(cbio);
    return NULL;
}

static int nonblocking(int fd)
{
    int flags = fcntl(fd, F_GETFL);

    return flags >= 0 && fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0;
}

/* A connected pair of TCP sockets on 127.0.0.1, on a port the kernel picks. */
static int tcp_pair(int *server_fd, int *client_fd)
{
    struct sockaddr_in addr;
    socklen_t len = sizeof(addr);
    int listener = socket(AF_INET, SOCK_STREAM, 0);
    struct pollfd pfd;

    *server_fd = *client_fd = -1;
    if (listener < 0)
        return 0;
    memset(&addr, 0, sizeof(addr));
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = 0;
    if (bind(listener, (struct sockaddr *)&addr, sizeof(addr)) != 0 || listen(listener, 1) != 0
            || getsockname(listener, (struct sockaddr *)&addr, &len) != 0)
        goto fail;
    if ((*client_fd = socket(AF_INET, SOCK_STREAM, 0)) < 0 || !nonblocking(*client_fd))
        goto fail;
    if (connect(*client_fd, (struct sockaddr *)&addr, sizeof(addr)) != 0 && errno != EINPROGRESS)
        goto fail;
    pfd.fd = listener;
    pfd.events = POLLIN;
    if (poll(&pfd, 1, 5000) != 1 || (*server_fd = accept(listener, NULL, NULL)) < 0
            || !nonblocking(*server_fd))
        goto fail;
    close(listener);
    return 1;

fail:
    close(listener);
    if (*client_fd >= 0)
        close(*client_fd);
    if (*server_fd >= 0)
        close(*server_fd);
    *server_fd = *client_fd = -1;
    return 0;
}

static double now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Steps a non-blocking SSL call: 1 done, 0 wants more, -1 failed. */
static int step(SSL *ssl, int ret)
{
    if (ret > 0)
        return 1;
    switch (SSL_get_error(ssl, ret)) {
    case SSL_ERROR_WANT_READ:
    case SSL_ERROR_WANT_WRITE:
        return 0;
    }
    return -1;
}

/*
 * A TLS 1.3 handshake and one message each way, bounded to 10 seconds.
 * Returns 1 when it all worked, the client verified the server and saw a
 * CertificateVerify of expected_nid.
 */
/* The name the client verifies the server's certificate against. */
static int expect_server_name(SSL *client, const char *name)
{
#if OPENSSL_VERSION_MAJOR >= 4
    return SSL_set1_dnsname(client, name); /* SSL_set1_host is deprecated in 4.0 */
#else
    return SSL_set1_host(client, name);
#endif
}

static int handshake(SSL_CTX *sctx, SSL_CTX *cctx, int expected_nid)
{
    int sfd, cfd, sdone = 0, cdone = 0, ok = 0, nid = NID_undef;
    SSL *server = NULL, *client = NULL;
    double deadline = now() + 10.0;
    char buf[16];
    size_t n;

    if (!tcp_pair(&sfd, &cfd)) {
        ET_CHECK(0, "no TCP connection on 127.0.0.1");
        return 0;
    }
    server = SSL_new(sctx);
    client = SSL_new(cctx);
    if (server == NULL || client == NULL || !SSL_set_fd(server, sfd) || !SSL_set_fd(client, cfd)
            || !expect_server_name(client, "localhost"))
        goto end;
    SSL_set_accept_state(server);
    SSL_set_connect_state(client);
    while ((!sdone || !cdone) && now() < deadline) {
        struct pollfd pfd[2] = {{sfd, POLLIN, 0}, {cfd, POLLIN, 0}};
        int r;

        if (!cdone && (r = step(client, SSL_do_handshake(client))) != 0) {
            if (r < 0)
                goto end;
            cdone = 1;
        }
        if (!sdone && (r = step(server, SSL_do_handshake(server))) != 0) {
            if (r < 0)
                goto end;
            sdone = 1;
        }
        if (!sdone || !cdone)
            (void)poll(pfd, 2, 50);
    }
    if (!sdone || !cdone)
        goto end;
    ET_CHECK(SSL_version(client) == TLS1_3_VERSION, "not TLS 1.3: %s", SSL_get_version(client));
    ET_CHECK(SSL_get_verify_result(client) == X509_V_OK, "client did not verify the server: %s",
             X509_verify_cert_error_string(SSL_get_verify_result(client)));
    ET_CHECK(SSL_get_peer_signature_type_nid(client, &nid) && nid == expected_nid,
             "server signed with %s, expected %s", OBJ_nid2sn(nid), OBJ_nid2sn(expected_nid));
    /* Application data both ways: the keys derived from the handshake work. */
    if (SSL_write_ex(client, "ping", 4, &n) != 1)
        goto end;
    while (now() < deadline) {
        int r = step(server, SSL_read_ex(server, buf, sizeof(buf), &n));

        if (r < 0)
            goto end;
        if (r > 0)
            break;
        (void)poll(&(struct pollfd){sfd, POLLIN, 0}, 1, 50);
    }
    if (n != 4 || memcmp(buf, "ping", 4) != 0 || SSL_write_ex(server, "pong", 4, &n) != 1)
        goto end;
    while (now() < deadline) {
        int r = step(client, SSL_read_ex(client, buf, sizeof(buf), &n));

        if (r < 0)
            goto end;
        if (r > 0)
            break;
        (void)poll(&(struct pollfd){cfd, POLLIN, 0}, 1, 50);
    }
    ok = n == 4 && memcmp(buf, "pong", 4) == 0 && nid == expected_nid
         && SSL_version(client) == TLS1_3_VERSION && SSL_get_verify_result(client) == X509_V_OK;

end:
    SSL_free(server);
    SSL_free(client);
    close(sfd);
    close(cfd);
    return ok;
}

static const char *no_eddsa_module;

static OSSL_LIB_CTX *server_libctx(const char *dir, int with_edfast)
{
    OSSL_LIB_CTX *ctx = OSSL_LIB_CTX_new();

    if (ctx == NULL || OSSL_PROVIDER_load(ctx, no_eddsa_module) == NULL
            || !OSSL_PROVIDER_set_default_search_path(ctx, dir)
            || (with_edfast && OSSL_PROVIDER_load(ctx, "edfast") == NULL)) {
        OSSL_LIB_CTX_free(ctx);
        return NULL;
    }
    return ctx;
}

static void run_curve(const char *dir, OSSL_LIB_CTX *client_ctx, const char *alg, int nid)
{
    struct credentials cred = {NULL, NULL, NULL};
    OSSL_LIB_CTX *with = server_libctx(dir, 1), *without = server_libctx(dir, 0);
    SSL_CTX *sctx = NULL, *cctx = SSL_CTX_new_ex(client_ctx, NULL, TLS_client_method());
    X509_STORE *trust;
    const char *why = NULL;
    EVP_PKEY *probe;

    ET_CHECK(with != NULL && without != NULL && cctx != NULL, "%s: set-up", alg);
    if (with == NULL || without == NULL || cctx == NULL)
        goto end;

    /* The filter really removed EdDSA: without edfast the server context cannot make such a key. */
    probe = EVP_PKEY_Q_keygen(without, NULL, alg);
    ET_CHECK(probe == NULL, "%s: the filtered default provider still makes EdDSA keys", alg);
    EVP_PKEY_free(probe);
    ERR_clear_error();

    ET_CHECK(make_credentials(client_ctx, alg, &cred), "%s: making a certificate", alg);
    if (cred.cert == NULL)
        goto end;
    trust = SSL_CTX_get_cert_store(cctx);
    ET_CHECK(X509_STORE_add_cert(trust, cred.cert), "%s: trusting the certificate", alg);
    SSL_CTX_set_verify(cctx, SSL_VERIFY_PEER, NULL);
    SSL_CTX_set_min_proto_version(cctx, TLS1_3_VERSION);

    sctx = server_ctx(with, &cred, &why);
    ET_CHECK(sctx != NULL, "%s: server with edfast: %s", alg, why);
    if (sctx != NULL) {
        int ok = handshake(sctx, cctx, nid);

        ET_CHECK(ok, "%s: TLS 1.3 handshake with edfast signing", alg);
        if (ok)
            printf("ok: %s: TLS 1.3 handshake, CertificateVerify signed by edfast\n", alg);
    }
    SSL_CTX_free(sctx);

    /*
     * Control: in the server context, EdDSA signatures and keys come from
     * edfast, and without edfast there are none at all.
     */
    {
        EVP_SIGNATURE *sig = EVP_SIGNATURE_fetch(with, alg, NULL);
        EVP_SIGNATURE *none = EVP_SIGNATURE_fetch(without, alg, NULL);
        EVP_KEYMGMT *no_keys = EVP_KEYMGMT_fetch(without, alg, NULL);

        ET_CHECK(sig != NULL
                     && strcmp(OSSL_PROVIDER_get0_name(EVP_SIGNATURE_get0_provider(sig)), "edfast") == 0,
                 "%s: the server context's signature is not edfast's", alg);
        ET_CHECK(none == NULL && no_keys == NULL,
                 "%s: without edfast the server context still has EdDSA: the proof proves nothing", alg);
        if (sig != NULL && none == NULL && no_keys == NULL)
            printf("ok: %s: control: only edfast signs %s in the server context\n", alg, alg);
        EVP_SIGNATURE_free(sig);
        EVP_SIGNATURE_free(none);
        EVP_KEYMGMT_free(no_keys);
        ERR_clear_error();
    }

end:
    SSL_CTX_free(cctx);
    X509_free(cred.cert);
    OPENSSL_free(cred.key_pem);
    OPENSSL_free(cred.cert_pem);
    OSSL_LIB_CTX_free(with);
    OSSL_LIB_CTX_free(without);
}

int main(int argc, char **argv)
{
    OSSL_LIB_CTX *client_ctx;

    if (argc != 3) {
        fprintf(stderr, "usage: %s <dir holding edfast.so> <path of no_eddsa.so>\n", argv[0]);
        return 2;
    }
    no_eddsa_module = argv[2];
    client_ctx = OSSL_LIB_CTX_new();
    if (client_ctx == NULL || OSSL_PROVIDER_load(client_ctx, "default") == NULL) {
        fprintf(stderr, "FAIL: cannot load the default provider\n");
        return 1;
    }
    run_curve(argv[1], client_ctx, "ED25519", NID_ED25519);
    run_curve(argv[1], client_ctx, "ED448", NID_ED448);

    OSSL_LIB_CTX_free(client_ctx);
    return et_finish("tools_tls");
}
