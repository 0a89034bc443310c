"""The daily widgets' test server: python3 daily.py CERT KEY FOLDER LOG

Listens on 127.0.0.1 over TLS, prints its port on a line, and serves the files under FOLDER
(recorded feeds, calendars, Hacker News' and GitHub's API answers) with an ETag each, answering
304 to a request that sends it back; /huge.xml streams a 50 MB feed. Under /gh/ (GitHub) a
query is dropped, /gh/search/issues answers from issues-review.json or issues-author.json by its
query, and the user's own resources ask for `Authorization: Bearer gh-token` (401 without).
Each request is appended to LOG as `PATH STATUS`. Exits when its standard input closes.
"""
import hashlib
import os
import socket
import ssl
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve  # noqa: E402

TYPES = {".rss": "application/rss+xml", ".atom": "application/atom+xml", ".rdf": "application/rdf+xml",
         ".xml": "application/xml", ".json": "application/json", ".ics": "text/calendar"}


def answer(connection, folder, log):
    try:
        request = serve.read_request(connection)
        if request is None:
            return
        path, fields = request
        if path == "/huge.xml":
            status = 200
            connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/rss+xml\r\nContent-Length: %d\r\n\r\n" % (50 << 20))
            connection.sendall(b"<rss><channel><title>Huge</title>")
            chunk = b"<item><title>" + b"x" * 4000 + b"</title></item>"
            try:
                for _ in range((50 << 20) // len(chunk)):
                    connection.sendall(chunk)
            except OSError:
                pass
        else:
            name, _, query = path.partition("?")
            if name == "/gh/search/issues":
                name += "-review.json" if "review-requested" in query else "-author.json"
            file = os.path.realpath(os.path.join(folder, name.lstrip("/")))
            private = name.startswith("/gh/search/") or name == "/gh/notifications"
            if private and fields.get("authorization") != "Bearer gh-token":
                body = b'{"message":"Bad credentials"}'
                status, response = 401, b"HTTP/1.1 401 Unauthorized\r\nContent-Length: %d\r\nConnection: close\r\n\r\n" % len(body) + body
            elif not file.startswith(os.path.realpath(folder) + os.sep) or not os.path.isfile(file):
                status, response = 404, b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            else:
                body = open(file, "rb").read()
                etag = '"%s"' % hashlib.sha1(body).hexdigest()[:16]
                kind = TYPES.get(os.path.splitext(file)[1], "application/octet-stream")
                if fields.get("if-none-match") == etag:
                    status, response = 304, b"HTTP/1.1 304 Not Modified\r\nETag: %s\r\nConnection: close\r\n\r\n" % etag.encode()
                else:
                    status = 200
                    response = b"HTTP/1.1 200 OK\r\nContent-Type: %s\r\nETag: %s\r\nContent-Length: %d\r\nConnection: close\r\n\r\n" % (
                        kind.encode(), etag.encode(), len(body)) + body
            connection.sendall(response)
        with open(log, "a") as handle:
            handle.write("%s %d\n" % (path, status))
        connection.shutdown(socket.SHUT_RDWR)
    except (ssl.SSLError, OSError):
        pass
    finally:
        connection.close()


if __name__ == "__main__":
    folder, log_file = sys.argv[3], sys.argv[4]
    serve.main(lambda connection: answer(connection, folder, log_file))
