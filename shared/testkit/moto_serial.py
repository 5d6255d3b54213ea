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

# moto 5.2 writes each DynamoDB answer through a generic, model-driven serialiser that
# takes five sixths of a query's time (a page of 200 items: 0.37 s against 0.08 s). Its
# DynamoDB answers are already in the wire format (attribute values as {"S": ...}), so
# JSON of them is the same answer; anything else (errors included) goes the usual way.
import json

import moto.dynamodb.responses as dynamodb_responses

_model_serialised = dynamodb_responses.DynamoHandler.serialized


def _json_serialised(self, action_result):
    result = action_result.result
    if isinstance(result, Exception):
        return _model_serialised(self, action_result)
    try:
        body = json.dumps({} if result is None else result)
    except TypeError:
        return _model_serialised(self, action_result)
    headers = dict(self.response_headers)
    headers["Content-Type"] = "application/x-amz-json-1.0"
    return 200, headers, body


dynamodb_responses.DynamoHandler.serialized = _json_serialised

moto_app = DomainDispatcherApplication(create_backend_app)
one_at_a_time = threading.Lock()


def serialised(environ, start_response):
    with one_at_a_time:
        # Build the whole answer inside the lock: moto reads its state while iterating.
        return list(moto_app(environ, start_response))


run_simple(args.host, args.port, serialised, threaded=True, use_reloader=False)
