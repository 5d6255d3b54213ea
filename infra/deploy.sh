#!/usr/bin/env bash
# Deploys (or updates) one state's stack: builds the SPA, builds every function for arm64
# with SAM (cargo-lambda), deploys template.yaml, publishes web/dist to the web bucket behind
# CloudFront and invalidates its cache, and creates the first Admin on the first deploy.
#
#   infra/deploy.sh [config-env]      config-env is a section of samconfig.toml (default: default)
#
# Needs AWS credentials for the target account in the environment (AWS_PROFILE or keys).
# The tools come from the project's virtualenv (make venv): sam, cargo-lambda, boto3.
set -euo pipefail
cd "$(dirname "$0")/.."
ENV_NAME=${1:-default}
VENV=.venv
export PATH="$PWD/$VENV/bin:$PATH" SAM_CLI_TELEMETRY=0

make venv >/dev/null
rustup target list --installed | grep -q aarch64-unknown-linux-gnu || rustup target add aarch64-unknown-linux-gnu

echo "==> Building the web app"
make web >/dev/null

echo "==> Building the functions (arm64) and deploying the stack ($ENV_NAME)"
# The same size settings as `make package`, so the zips deployed are the zips it measured.
set -a; . infra/lambda-build.env; set +a
sam build --config-env "$ENV_NAME"
sam deploy --config-env "$ENV_NAME"

stack=$(python3 - "$ENV_NAME" <<'PY'
import sys, tomllib
config = tomllib.load(open("samconfig.toml", "rb"))
env = config.get(sys.argv[1], {})
print(env.get("deploy", {}).get("parameters", {}).get("stack_name")
      or env.get("global", {}).get("parameters", {}).get("stack_name")
      or config["default"]["global"]["parameters"]["stack_name"])
PY
)
outputs=$(sam list stack-outputs --stack-name "$stack" --output json)
output() { python3 -c "import json,sys; print({o['OutputKey']: o['OutputValue'] for o in json.load(sys.stdin)}['$1'])" <<<"$outputs"; }

echo "==> Publishing web/dist"
$VENV/bin/python infra/publish_web.py web/dist "$(output WebBucketName)" "$(output DistributionId)"

echo "==> The first Admin"
cargo build --release -p portal --features cloud >/dev/null
password=$($VENV/bin/python -c "import secrets; print(secrets.token_urlsafe(12) + 'A1!')")
if printf '%s' "$password" | ./target/release/portal admin create --table "$(output TableName)" \
     --email "$(output AdminEmail)" --name "State Administrator" 2>/tmp/portal-admin.err; then
  echo "    Sign in as $(output AdminEmail) with the password: $password"
  echo "    It is shown only now: change it from the Profile screen."
else
  # Already there on a re-deploy: nothing to do.
  sed 's/^/    /' /tmp/portal-admin.err
fi

echo "==> Upgrading the data of earlier releases"
./target/release/portal migrate --table "$(output TableName)"

echo "==> Done: $(output PortalUrl)"
