"""A real HTTP SMS gateway for the tests: it answers every request as a gateway that took the
message would (200, with an id), and appends what it received, one JSON object per line, to the
file it is given, for the test to read back. While the file `<log>.fail` holds a number N, the
next N requests are answered 503, as a gateway that is down.

    python sms_sink.py PORT LOG_FILE
"""

import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

LOCK = threading.Lock()


def failing(log):
    """Takes one from the failures still owed, answering whether this request is one."""
    path = log + ".fail"
    try:
        with open(path) as f:
            left = int(f.read().strip() or "0")
    except (FileNotFoundError, ValueError):
        return False
    if left <= 0:
        return False
    with open(path, "w") as f:
        f.write(str(left - 1))
    return True


class Gateway(BaseHTTPRequestHandler):
    def answer(self):
        length = int(self.headers.get("content-length") or 0)
        body = self.rfile.read(length).decode("utf-8", "replace") if length else ""
        log = self.server.log
        with LOCK:
            if failing(log):
                self.send_response(503)
                self.end_headers()
                self.wfile.write(b"gateway unavailable")
                return
            received = {
                "method": self.command,
                "path": urlsplit(self.path).path,
                "query": {k: v[0] for k, v in parse_qs(urlsplit(self.path).query).items()},
                "authorization": self.headers.get("authorization"),
                "contentType": self.headers.get("content-type"),
                "body": body,
            }
            try:
                received["json"] = json.loads(body) if body else None
            except ValueError:
                received["form"] = {k: v[0] for k, v in parse_qs(body).items()}
            with open(log, "a", encoding="utf-8") as f:
                f.write(json.dumps(received, ensure_ascii=False) + "\n")
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.end_headers()
        self.wfile.write(b'{"status":"accepted"}')

    do_GET = do_POST = do_PUT = answer

    def log_message(self, *args):
        pass


def main():
    port, log = int(sys.argv[1]), sys.argv[2]
    server = ThreadingHTTPServer(("127.0.0.1", port), Gateway)
    server.log = log
    server.serve_forever()


if __name__ == "__main__":
    main()
