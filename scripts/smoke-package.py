#!/usr/bin/env python3
"""Runs each zip `make package` built, as Lambda would, before anyone deploys it.

The functions are built size-optimised for arm64 (infra/lambda-build.env); the tests run
debug builds for this machine. This checks the artefacts themselves: each zip's `bootstrap`
is started (under qemu-aarch64 on an x86 machine) behind cargo-lambda's runtime API, with
the environment template.yaml gives it, against moto standing in for DynamoDB, S3 and
Secrets Manager, and must answer one real request. Its init line and first answer are
printed. Under emulation the times are slow: they show that it starts, not how fast.

    make smoke-package      (after make package; the Makefile installs qemu)
"""
import base64
import hashlib
import hmac
import json
import os
import struct
import platform
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import zipfile

import boto3
from cfnlint.decode import decode

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LAMBDA_DIR = os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")), "lambda")
PORTAL = os.path.join(ROOT, "target", "debug", "portal")
VENV_BIN = os.path.join(ROOT, ".venv", "bin")
EMAIL, PASSWORD = "smoke@portal.test", "Smoke-Pass-1"
AWS = {"AWS_REGION": "us-east-1", "AWS_ACCESS_KEY_ID": "test", "AWS_SECRET_ACCESS_KEY": "test"}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port, what, seconds=30):
    deadline = time.time() + seconds
    while time.time() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    sys.exit(f"{what} did not start on port {port}")


class Template:
    """template.yaml as far as this check needs it: the table, and each function's binary and
    environment with every !Ref resolved (a parameter to its default, a resource by name)."""

    def __init__(self, resources):
        # cfn-lint's reader, as scripts/check-template-cycles.py uses: it knows the short tags.
        self.doc, problems = decode(os.path.join(ROOT, "template.yaml"))
        if problems:
            sys.exit(f"template.yaml does not parse: {problems}")
        self.resources = resources

    def value(self, v):
        if isinstance(v, dict) and "Ref" in v:
            name = v["Ref"]
            param = self.doc["Parameters"].get(name)
            return str(param["Default"]) if param and "Default" in param else self.resources[name]
        return str(v).lower() if isinstance(v, bool) else str(v)

    def variables(self, environment):
        return {k: self.value(v) for k, v in ((environment or {}).get("Variables") or {}).items()}

    def shared_env(self):
        """What every function is given (the template's Globals)."""
        return self.variables(self.doc["Globals"]["Function"].get("Environment"))

    def functions(self):
        for resource in self.doc["Resources"].values():
            if resource["Type"] == "AWS::Serverless::Function":
                env = {**self.shared_env(), **self.variables(resource["Properties"].get("Environment"))}
                yield resource["Metadata"]["BuildProperties"]["Binary"], env

    def table(self, name):
        props = self.doc["Resources"]["PortalTable"]["Properties"]
        table = dict(TableName=name, AttributeDefinitions=props["AttributeDefinitions"], KeySchema=props["KeySchema"], BillingMode="PAY_PER_REQUEST")
        if props.get("GlobalSecondaryIndexes"):
            table["GlobalSecondaryIndexes"] = props["GlobalSecondaryIndexes"]
        return table


def totp(secret):
    """The current code of an authenticator app (RFC 6238: HMAC-SHA-1, six digits, 30 s)."""
    key = base64.b32decode(secret.upper() + "=" * (-len(secret) % 8))
    digest = hmac.new(key, struct.pack(">Q", int(time.time()) // 30), hashlib.sha1).digest()
    offset = digest[-1] & 15
    return f"{(struct.unpack('>I', digest[offset:offset + 4])[0] & 0x7FFFFFFF) % 1_000_000:06d}"


def call(method, url, body=None, token=None):
    request = urllib.request.Request(url, method=method, data=None if body is None else json.dumps(body).encode())
    request.add_header("content-type", "application/json")
    if token:
        request.add_header("authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            status, text = answer.status, answer.read().decode()
    except urllib.error.HTTPError as e:
        status, text = e.code, e.read().decode()
    try:
        return status, json.loads(text) if text else None
    except ValueError:
        return status, text


def main():
    names = sys.argv[1:]
    missing = [n for n in names if not os.path.exists(os.path.join(LAMBDA_DIR, n, "bootstrap.zip"))]
    if missing:
        sys.exit(f"no zip for {', '.join(missing)} in {LAMBDA_DIR}: run make package first")
    emulate = [] if platform.machine() in ("aarch64", "arm64") else ["qemu-aarch64", "-cpu", "max", "-L", "/usr/aarch64-linux-gnu"]
    if emulate and not shutil.which("qemu-aarch64"):
        sys.exit("qemu-aarch64 is needed to run arm64 binaries here: apt-get install qemu-user libc6-arm64-cross")
    work = tempfile.mkdtemp(prefix="smoke-package-")
    children = []
    try:
        moto_port, runtime_port = free_port(), free_port()
        # The tests' moto (one request at a time, reads memoised): moto_server itself takes
        # seconds per transaction on a table with this template's indexes.
        moto = [os.path.join(VENV_BIN, "python"), os.path.join(ROOT, "shared", "testkit", "moto_serial.py"), "-H", "127.0.0.1", "-p", str(moto_port)]
        children.append(subprocess.Popen(moto, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        wait_for_port(moto_port, "moto")
        endpoint = f"http://127.0.0.1:{moto_port}"
        resources = {"PortalTable": "smoke-table", "JwtSecret": "smoke-jwt", "AuditKey": "smoke-audit", "SecretsKey": "smoke-sealing",
                     "ExportsBucket": "smoke-exports", "AttachmentsBucket": "smoke-attachments", "CheckpointsBucket": "smoke-checkpoints"}
        template = Template(resources)
        clients = dict(endpoint_url=endpoint, region_name=AWS["AWS_REGION"], aws_access_key_id="test", aws_secret_access_key="test")
        boto3.client("dynamodb", **clients).create_table(**template.table(resources["PortalTable"]))
        for secret in ("JwtSecret", "AuditKey", "SecretsKey"):
            boto3.client("secretsmanager", **clients).create_secret(Name=resources[secret], SecretString=f"{resources[secret]}-{os.urandom(24).hex()}")
        for bucket in ("ExportsBucket", "AttachmentsBucket", "CheckpointsBucket"):
            boto3.client("s3", **clients).create_bucket(Bucket=resources[bucket])

        # The first Admin, as infra/deploy.sh makes it after a first deploy.
        base_env = {**os.environ, **AWS, "AWS_ENDPOINT_URL": endpoint}
        shared = template.shared_env()
        subprocess.run([PORTAL, "migrate", "--table", resources["PortalTable"]], env={**base_env, **shared}, check=True, stdout=subprocess.DEVNULL)
        subprocess.run([PORTAL, "admin", "create", "--table", resources["PortalTable"], "--email", EMAIL, "--name", "Sam Smoke"],
                       env={**base_env, **shared}, input=PASSWORD.encode(), check=True, stdout=subprocess.DEVNULL)

        # The runtime API alone: this script starts each function itself.
        watch_log = open(os.path.join(work, "watch.log"), "w")
        children.append(subprocess.Popen([os.path.join(VENV_BIN, "cargo-lambda"), "lambda", "watch", "--only-lambda-apis", "--invoke-address", "127.0.0.1",
                                          "--invoke-port", str(runtime_port)], cwd=ROOT, stdout=watch_log, stderr=subprocess.STDOUT, env=base_env))
        wait_for_port(runtime_port, "cargo lambda watch")
        runtime = f"http://127.0.0.1:{runtime_port}"
        url = lambda path: f"{runtime}/lambda-url/_{path}"
        invoke = lambda event: call("POST", f"{runtime}/2015-03-31/functions/_/invocations", event)
        scheduled = {"source": "aws.events", "detail-type": "Scheduled Event", "detail": {}}
        state = {}

        def sign_in():
            status, health = call("GET", url("/api/health"))
            assert (status, health) == (200, {"status": "ok"}), (status, health)
            status, login = call("POST", url("/api/auth/login"), {"email": EMAIL, "password": PASSWORD})
            assert status == 200 and login["user"]["role_name"] == "Admin", (status, login)
            state["token"] = login["token"]
            # An Admin sets up a second factor before anything else, as on a real stack.
            status, setup = call("POST", url("/api/auth/two-factor/setup"), {}, state["token"])
            assert status == 200, (status, setup)
            status, codes = call("POST", url("/api/auth/two-factor/enable"), {"code": totp(setup["secret"])}, state["token"])
            assert status == 200, (status, codes)
            status, wrong = call("POST", url("/api/auth/login"), {"email": EMAIL, "password": "not-it"})
            assert (status, wrong["error"]) == (401, "Invalid email or password"), (status, wrong)
            return "health ok; signed in, set up two-factor; a wrong password is refused"

        def get(path, check):
            def run():
                status, body = call("GET", url(path), token=state["token"])
                assert status == 200 and check(body), (path, status, body)
                return f"GET {path}: 200"
            return run

        def file_grievance():
            form = {"type_of_call": "Walk-in", "fir_no": "FIR-SMOKE-1", "fir_date": "2026-10-05", "section_and_act": "379 IPC", "crime_title": "Theft",
                    "district": "Central District", "police_station": "Civil Lines", "status": "Pending", "priority": "High",
                    "brief_details": "Bicycle stolen outside the station.", "investigation_officers": []}
            status, filed = call("POST", url("/api/grievances"), form, state["token"])
            assert status == 201, (status, filed)
            status, listed = call("GET", url("/api/grievances"), token=state["token"])
            assert status == 200 and listed["data"][0]["fir_no"] == "FIR-SMOKE-1", (status, listed)
            return "filed a grievance and listed it"

        def excel():
            status, link = call("GET", url("/api/grievances/export/excel"), token=state["token"])
            assert status == 200 and link["rows"] == 1, (status, link)
            with urllib.request.urlopen(link["url"], timeout=60) as f:
                assert f.read(2) == b"PK", "an .xlsx is a zip"
            return "an Excel export of 1 row, read from S3"

        def event(payload, check, what):
            def run():
                status, body = invoke(payload)
                assert status == 200 and check(body), (status, body)
                return what
            return run

        not_a_request = {"source": "aws.s3", "detail-type": "Object Created", "detail": {"bucket": {"name": resources["ExportsBucket"]}, "object": {"key": "job-x.json"}}}
        checks = {
            "auth": sign_in,
            "users": get("/api/users", lambda b: any(u["email"] == EMAIL for u in b["data"])),
            "roles": get("/api/roles", lambda b: any(r["name"] == "Admin" for r in b["data"])),
            "admin": get("/api/admin/dropdowns/police_stations", lambda b: any(s["name"] == "Civil Lines" for s in b)),
            "grievances": file_grievance,
            "audit": get("/api/audit/verify", lambda b: b.get("broken") is None),
            "exports": excel,
            "export-worker": event(not_a_request, lambda b: b is None, "an S3 event that is no export request is left alone"),
            "escalation": event(scheduled, lambda b: "overdue" in b, "a scheduled run"),
            "notifier": event(scheduled, lambda b: "notices" in b, "a scheduled run"),
        }
        env_of = dict(template.functions())
        rows = []
        for name in names:
            folder = os.path.join(work, name)
            zipfile.ZipFile(os.path.join(LAMBDA_DIR, name, "bootstrap.zip")).extractall(folder)
            binary = os.path.join(folder, "bootstrap")
            os.chmod(binary, 0o755)
            log_path = os.path.join(work, f"{name}.log")
            env = {**base_env, **env_of[name], "AWS_LAMBDA_FUNCTION_NAME": "_", "AWS_LAMBDA_FUNCTION_VERSION": "1",
                   "AWS_LAMBDA_FUNCTION_MEMORY_SIZE": "1024", "AWS_LAMBDA_RUNTIME_API": f"http://127.0.0.1:{runtime_port}/.rt"}
            with open(log_path, "w") as log:
                function = subprocess.Popen(emulate + [binary], env=env, stdout=log, stderr=subprocess.STDOUT)
            try:
                started = time.time()
                init = None
                with open(log_path) as lines:
                    # Reads on from where it stopped (the log only grows), a whole line at a time.
                    line = ""
                    while init is None and time.time() < started + 120:
                        assert function.poll() is None, f"{name} exited: {open(log_path).read()[-2000:]}"
                        line += lines.readline()
                        if not line.endswith("\n"):
                            time.sleep(0.1)
                            continue
                        if "init took" in line:
                            init = json.loads(line[line.index("{"):])["fields"]["init_ms"]
                        line = ""
                assert init is not None, f"{name} printed no init line: {open(log_path).read()[-2000:]}"
                try:
                    what = checks[name]()
                except AssertionError as e:
                    sys.exit(f"{name} answered wrong: {e}\n{open(log_path).read()[-2000:]}")
                rows.append((name, os.path.getsize(os.path.join(LAMBDA_DIR, name, "bootstrap.zip")) / 1e6, init, what))
            finally:
                function.terminate()
                function.wait()
        print(f"{'function':<14} {'zip':>8} {'init':>9}  answered" + ("  (emulated arm64: slow by design)" if emulate else ""))
        for name, size, init, what in rows:
            print(f"{name:<14} {size:>5.2f} MB {init:>6} ms  {what}")
    finally:
        for child in reversed(children):
            child.terminate()
            child.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
