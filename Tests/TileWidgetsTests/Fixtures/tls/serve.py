"""A TLS test server for HTTPFetcher's tests: python3 serve.py CERT KEY

Listens on 127.0.0.1, port chosen by the system, prints the port on a line, then answers each
connection over TLS: /hello with a Content-Length body, /chunked with a chunked one, anything
else with 404. Exits when its standard input closes (the test ended).
The fixtures: ca.pem (a test authority, valid to 2126) signed server.pem for DNS:localhost only.
"""
import socket
import ssl
import sys
import threading


def read_request(connection):
    """The request's path and its header fields (names in lower case), or None when the peer left."""
    head = b""
    while b"\r\n\r\n" not in head and len(head) < 65536:
        data = connection.recv(4096)
        if not data:
            return None
        head += data
    lines = head.decode("latin-1").split("\r\n")
    path = lines[0].split(" ")[1] if " " in lines[0] else "/"
    return path, {line.split(":", 1)[0].lower(): line.split(":", 1)[1].strip() for line in lines[1:] if ":" in line}


def answer(connection):
    try:
        head = b""
        while b"\r\n\r\n" not in head and len(head) < 65536:
            data = connection.recv(4096)
            if not data:
                return
            head += data
        path = head.split(b" ")[1] if b" " in head else b"/"
        if path == b"/hello":
            body = "hello over TLS, 你好".encode()
            connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
        elif path == b"/chunked":
            connection.sendall(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nchunk\r\n3\r\ned!\r\n0\r\n\r\n")
        else:
            connection.sendall(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
        connection.shutdown(socket.SHUT_RDWR)
    except (ssl.SSLError, OSError):
        pass
    finally:
        connection.close()


def main(answer=answer):
    """Serves TLS on a free port, each connection answered by `answer` on a thread of its own."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(sys.argv[1], sys.argv[2])
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    print(listener.getsockname()[1], flush=True)

    def serve():
        while True:
            raw, _ = listener.accept()
            try:
                connection = context.wrap_socket(raw, server_side=True)
            except (ssl.SSLError, OSError):
                raw.close()
                continue
            threading.Thread(target=answer, args=(connection,), daemon=True).start()

    threading.Thread(target=serve, daemon=True).start()
    sys.stdin.read()


if __name__ == "__main__":
    main()
