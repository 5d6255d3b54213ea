"""moto's server, running one request at a time through moto itself.

moto's own `moto_server` hands each request to moto on its own thread, and moto's DynamoDB
backend is not thread-safe: concurrent transactions fail inside it with "dictionary changed
size during iteration" (HTTP 500). Real DynamoDB serialises conflicting transactions itself.
Here connections are still served on threads (keep-alive stays fast), but a lock lets one
request at a time into moto.
"""

import argparse
import os
import threading

from werkzeug.serving import run_simple

from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app

parser = argparse.ArgumentParser()
parser.add_argument("-H", "--host", default="127.0.0.1")
parser.add_argument("-p", "--port", type=int, required=True)
args = parser.parse_args()
os.environ.setdefault("MOTO_PORT", str(args.port))

moto_app = DomainDispatcherApplication(create_backend_app)
one_at_a_time = threading.Lock()


def serialised(environ, start_response):
    with one_at_a_time:
        # Build the whole answer inside the lock: moto reads its state while iterating.
        return list(moto_app(environ, start_response))


run_simple(args.host, args.port, serialised, threaded=True, use_reloader=False)
