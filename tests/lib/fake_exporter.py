# SPDX-License-Identifier: GPL-2.0-or-later
"""A fake Prometheus exporter for the --prom-scrape tests.

fake_exporter.py PORT FILE: serves on 127.0.0.1:PORT. FILE is a JSON list
of answers; the n-th GET /metrics gets answer n (the last one again once
they run out): {"body": TEXT, "status": 200, "sleep": SECONDS}. Any other
path answers 200 "ok" (a readiness probe) and counts nothing.
"""
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PORT, FILE = int(sys.argv[1]), sys.argv[2]
ANSWERS = json.load(open(FILE))
LOCK = threading.Lock()
SEEN = [0]


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path != "/metrics":
            self.reply(200, "ok\n")
            return
        with LOCK:
            n = SEEN[0]
            SEEN[0] += 1
        a = ANSWERS[min(n, len(ANSWERS) - 1)]
        time.sleep(a.get("sleep", 0))
        self.reply(a.get("status", 200), a.get("body", ""))

    def reply(self, status, text):
        data = text.encode()
        try:
            self.send_response(status)
            self.send_header("Content-Type", "text/plain; version=0.0.4")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except OSError:
            pass                # the client gave up (a scrape's timeout)

    def log_message(self, fmt, *args):
        pass


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass


Server(("127.0.0.1", PORT), Handler).serve_forever()
