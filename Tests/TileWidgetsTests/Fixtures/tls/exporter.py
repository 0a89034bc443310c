"""A small Prometheus exporter for the prometheus widget's test: python3 exporter.py

Serves /metrics on 127.0.0.1 (port chosen by the system, printed on a line) with two series of
`tiles_test_load`; exits when its standard input closes.
"""
import http.server
import sys
import threading

METRICS = b"""# HELP tiles_test_load A load figure per host.
# TYPE tiles_test_load gauge
tiles_test_load{host="web-1"} 0.42
tiles_test_load{host="web-2"} 0.91
"""


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = METRICS if self.path.startswith("/metrics") else b""
        self.send_response(200 if body else 404)
        self.send_header("Content-Type", "text/plain; version=0.0.4")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *arguments):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
sys.stdin.read()
