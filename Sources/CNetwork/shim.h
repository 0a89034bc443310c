/* What tiles' network thread and HTTP client use from C: epoll and eventfd (which Swift's Glibc
 * module leaves out), and the system's OpenSSL: a TLS client context that verifies the peer
 * against the system's certificate authorities, and non-blocking handshake, read and write over
 * a socket, with OpenSSL's macros and error queue turned into plain calls and codes Swift can use. */
#ifndef TILES_CNETWORK_SHIM_H
#define TILES_CNETWORK_SHIM_H

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>

/* What a non-blocking call returns when it has not done its work: wait for the socket to be
 * readable or writable and call again; the peer closed the connection (cleanly or not: HTTP's
 * framing tells whether the response was whole); or it failed (tiles_tls_failure says why). */
enum {
    TILES_TLS_WANT_READ = -1,
    TILES_TLS_WANT_WRITE = -2,
    TILES_TLS_CLOSED = -3,
    TILES_TLS_FAILED = -4,
};

/* Copies the oldest error in the calling thread's queue into `message` and clears the queue. */
static inline void tiles_tls_queued_error(char *message, size_t size) {
    unsigned long code = ERR_get_error();
    if (code == 0) {
        snprintf(message, size, "unknown TLS error");
    } else {
        ERR_error_string_n(code, message, size);
    }
    ERR_clear_error();
}

/* Frees the certificate kept for a failed check when its connection is freed. */
static inline void tiles_tls_free_refused(void *parent, void *pointer, CRYPTO_EX_DATA *data, int index, long argl, void *argp) {
    (void)parent; (void)data; (void)index; (void)argl; (void)argp;
    X509_free(pointer);
}

/* Where a connection keeps the certificate its check refused: OpenSSL keeps no peer
 * certificate after a failed handshake, and the message wants the name it was for. Made once,
 * on the network thread. */
static inline int tiles_tls_refused_index(void) {
    static int index = -1;
    if (index < 0) index = SSL_get_ex_new_index(0, NULL, NULL, NULL, tiles_tls_free_refused);
    return index;
}

/* The check's callback: keeps the first certificate it refuses, and changes no verdict. */
static inline int tiles_tls_verify(int passed, X509_STORE_CTX *store) {
    if (!passed) {
        SSL *connection = X509_STORE_CTX_get_ex_data(store, SSL_get_ex_data_X509_STORE_CTX_idx());
        X509 *leaf = X509_STORE_CTX_get0_cert(store);
        int index = tiles_tls_refused_index();
        if (connection != NULL && leaf != NULL && index >= 0 && SSL_get_ex_data(connection, index) == NULL) {
            X509_up_ref(leaf);
            SSL_set_ex_data(connection, index, leaf);
        }
    }
    return passed;
}

/* A client context: TLS 1.2 or later, the peer's certificate verified against `authorities`
 * (a PEM file) or, when NULL, the system's (SSL_CERT_FILE and SSL_CERT_DIR, else OpenSSL's
 * default file and directory: Debian's /etc/ssl/certs). NULL, with `message`, on failure. */
static inline SSL_CTX *tiles_tls_context(const char *authorities, char *message, size_t size) {
    ERR_clear_error();
    SSL_CTX *context = SSL_CTX_new(TLS_client_method());
    if (context == NULL) {
        tiles_tls_queued_error(message, size);
        return NULL;
    }
    SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION);
    tiles_tls_refused_index();
    SSL_CTX_set_verify(context, SSL_VERIFY_PEER, tiles_tls_verify);
    /* A peer that closes without close_notify reads as closed: the HTTP response's own length
     * (Content-Length, the last chunk) says whether it was cut short. */
    SSL_CTX_set_options(context, SSL_OP_IGNORE_UNEXPECTED_EOF | SSL_OP_NO_RENEGOTIATION);
    int loaded = authorities != NULL ? SSL_CTX_load_verify_locations(context, authorities, NULL)
                                     : SSL_CTX_set_default_verify_paths(context);
    if (loaded != 1) {
        tiles_tls_queued_error(message, size);
        SSL_CTX_free(context);
        return NULL;
    }
    return context;
}

/* A client connection over the connected socket `descriptor` to `host` (a name, or an IP
 * address when `host_is_address`): sends the name in SNI and requires the certificate to
 * match it. NULL, with `message`, on failure. */
static inline SSL *tiles_tls_connection(SSL_CTX *context, int descriptor, const char *host, int host_is_address,
                                        char *message, size_t size) {
    ERR_clear_error();
    SSL *connection = SSL_new(context);
    if (connection == NULL) {
        tiles_tls_queued_error(message, size);
        return NULL;
    }
    X509_VERIFY_PARAM *parameters = SSL_get0_param(connection);
    X509_VERIFY_PARAM_set_hostflags(parameters, X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS);
    int ready = SSL_set_fd(connection, descriptor) == 1;
    if (ready && host_is_address) {
        ready = X509_VERIFY_PARAM_set1_ip_asc(parameters, host) == 1;
    } else if (ready) {
        ready = SSL_set_tlsext_host_name(connection, host) == 1 && X509_VERIFY_PARAM_set1_host(parameters, host, 0) == 1;
    }
    if (!ready) {
        tiles_tls_queued_error(message, size);
        SSL_free(connection);
        return NULL;
    }
    SSL_set_connect_state(connection);
    return connection;
}

/* The code for a call that returned `result` <= 0. */
static inline int tiles_tls_status(SSL *connection, int result) {
    switch (SSL_get_error(connection, result)) {
    case SSL_ERROR_WANT_READ:
        return TILES_TLS_WANT_READ;
    case SSL_ERROR_WANT_WRITE:
        return TILES_TLS_WANT_WRITE;
    case SSL_ERROR_ZERO_RETURN:
        return TILES_TLS_CLOSED;
    default:
        return TILES_TLS_FAILED;
    }
}

/* Advances the handshake: 0 when done, else a TILES_TLS_ code. */
static inline int tiles_tls_handshake(SSL *connection) {
    ERR_clear_error();
    int result = SSL_do_handshake(connection);
    return result == 1 ? 0 : tiles_tls_status(connection, result);
}

/* Reads up to `size` bytes: the count read (> 0), else a TILES_TLS_ code. */
static inline int tiles_tls_read(SSL *connection, void *buffer, int size) {
    ERR_clear_error();
    int result = SSL_read(connection, buffer, size);
    return result > 0 ? result : tiles_tls_status(connection, result);
}

/* Writes up to `size` bytes: the count written (> 0), else a TILES_TLS_ code. After a WANT
 * code, call again with the same bytes. */
static inline int tiles_tls_write(SSL *connection, const void *buffer, int size) {
    ERR_clear_error();
    int result = SSL_write(connection, buffer, size);
    return result > 0 ? result : tiles_tls_status(connection, result);
}

/* The certificate check's verdict for `connection` (X509_V_OK when it passed or has not run). */
static inline long tiles_tls_verify_result(SSL *connection) {
    return SSL_get_verify_result(connection);
}

/* OpenSSL's words for a verdict (`certificate has expired`). */
static inline const char *tiles_tls_verdict_text(long verdict) {
    return X509_verify_cert_error_string(verdict);
}

/* The name the refused certificate is for: its first DNS or IP subject alternative name, else its
 * subject's common name; "" when there is none or no certificate. */
static inline void tiles_tls_peer_name(SSL *connection, char *name, size_t size) {
    name[0] = 0;
    X509 *certificate = SSL_get_ex_data(connection, tiles_tls_refused_index());
    if (certificate == NULL) return;
    GENERAL_NAMES *names = X509_get_ext_d2i(certificate, NID_subject_alt_name, NULL, NULL);
    for (int index = 0; names != NULL && index < sk_GENERAL_NAME_num(names) && name[0] == 0; index++) {
        GENERAL_NAME *entry = sk_GENERAL_NAME_value(names, index);
        if (entry->type == GEN_DNS) {
            snprintf(name, size, "%.*s", ASN1_STRING_length(entry->d.dNSName), (const char *)ASN1_STRING_get0_data(entry->d.dNSName));
        } else if (entry->type == GEN_IPADD && ASN1_STRING_length(entry->d.iPAddress) == 4) {
            const unsigned char *octets = ASN1_STRING_get0_data(entry->d.iPAddress);
            snprintf(name, size, "%u.%u.%u.%u", octets[0], octets[1], octets[2], octets[3]);
        }
    }
    if (names != NULL) GENERAL_NAMES_free(names);
    if (name[0] == 0) {
        X509_NAME_get_text_by_NID(X509_get_subject_name(certificate), NID_commonName, name, (int)size);
    }
}

/* Why the last call on `connection` failed, when it was not the certificate check: the oldest
 * queued error. */
static inline void tiles_tls_failure(SSL *connection, char *message, size_t size) {
    (void)connection;
    tiles_tls_queued_error(message, size);
}

#endif
