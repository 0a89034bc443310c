"""The config-declared widgets' test server: python3 sources.py CERT KEY LOG

Listens on 127.0.0.1 over TLS, prints its port on a line, and answers as a JSON API would:
/price (an ETag, 304 when asked with it), CoinGecko's simple price (recorded), /secret (401 without `Authorization: Bearer s3cret`),
/slow (/price after 1.2 s), /big (5 MiB), /text (two lines of text), /broken (invalid JSON), /hostile (escape sequences and markup in the values), /error (500).
Each request is appended to LOG as `PATH STATUS`. Exits when its standard input closes.
"""
import json
import os
import socket
import ssl
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve  # noqa: E402

PRICE = json.dumps({"name": "btc", "price": 91234.5, "change": -0.0213,
                    "history": [3, 5, 4, 8], "rows": [{"k": "a", "v": 1}, {"k": "b", "v": 2}]})
# CoinGecko's /api/v3/simple/price?ids=bitcoin,ethereum&vs_currencies=usd&include_24hr_change=true, as recorded.
COINGECKO = '{"bitcoin":{"usd":91234.5,"usd_24h_change":-2.1345},"ethereum":{"usd":3012.07,"usd_24h_change":1.0772}}'
HOSTILE = json.dumps({"name": "\u001b]52;c;cHduZWQ=\u0007\u001b[2J", "price": "{{ $.data }}",
                      "history": [{"Text": "injected"}], "rows": [{"k": "{\"Text\": \"x\"}", "v": "\u001b[31mred"}]})


def reply(status, body=b"", headers=()):
    reason = {200: "OK", 304: "Not Modified", 401: "Unauthorized", 404: "Not Found", 500: "Internal Server Error"}[status]
    head = "HTTP/1.1 %d %s\r\nContent-Length: %d\r\nConnection: close\r\n" % (status, reason, len(body))
    for name, value in headers:
        head += "%s: %s\r\n" % (name, value)
    return head.encode() + b"\r\n" + body


def answer(connection, log):
    try:
        request = serve.read_request(connection)
        if request is None:
            return
        path, fields = request
        json_type = (("Content-Type", "application/json"),)
        if path == "/price":
            if fields.get("if-none-match") == '"v1"':
                status, response = 304, reply(304, headers=(("ETag", '"v1"'),))
            else:
                status, response = 200, reply(200, PRICE.encode(), json_type + (("ETag", '"v1"'),))
        elif path.startswith("/api/v3/simple/price?"):
            status, response = 200, reply(200, COINGECKO.encode(), json_type)
        elif path == "/secret":
            ok = fields.get("authorization") == "Bearer s3cret"
            status = 200 if ok else 401
            response = reply(200, PRICE.encode(), json_type) if ok else reply(401, b'{"message": "Bad credentials"}', json_type)
        elif path == "/slow":
            time.sleep(1.2)
            status, response = 200, reply(200, PRICE.encode(), json_type)
        elif path == "/big":
            status, response = 200, reply(200, b'{"pad": "' + b"x" * (5 << 20) + b'"}', json_type)
        elif path == "/text":
            status, response = 200, reply(200, b"load 0.42\nusers 3\n", (("Content-Type", "text/plain"),))
        elif path == "/broken":
            status, response = 200, reply(200, b'{"price": ', json_type)
        elif path == "/hostile":
            status, response = 200, reply(200, HOSTILE.encode(), json_type)
        elif path == "/error":
            status, response = 500, reply(500, b"oops")
        else:
            status, response = 404, reply(404)
        with open(log, "a") as file:
            file.write("%s %d\n" % (path, status))
        connection.sendall(response)
        connection.shutdown(socket.SHUT_RDWR)
    except (ssl.SSLError, OSError):
        pass
    finally:
        connection.close()


if __name__ == "__main__":
    log_file = sys.argv[3]
    serve.main(lambda connection: answer(connection, log_file))
