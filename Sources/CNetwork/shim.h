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
#include <sys/prctl.h>

/* Names the calling thread (for `top -H` and debuggers); 15 bytes are kept. */
static inline void tiles_network_name_thread(const char *name) {
    prctl(PR_SET_NAME, (unsigned long)name, 0, 0, 0);
}

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
    SSL_CTX_set_verify(context, SSL_VERIFY_PEER, NULL);
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

/* Why the last call on `connection` failed: the certificate check's verdict when it failed,
 * else the oldest queued error. */
static inline void tiles_tls_failure(SSL *connection, char *message, size_t size) {
    long verdict = SSL_get_verify_result(connection);
    if (verdict != X509_V_OK) {
        snprintf(message, size, "certificate not trusted: %s", X509_verify_cert_error_string(verdict));
        ERR_clear_error();
    } else {
        tiles_tls_queued_error(message, size);
    }
}

#endif
