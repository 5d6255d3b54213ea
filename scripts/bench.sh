#!/usr/bin/env bash
# make bench: the portal's figures on the embedded store, measured with wrk (a real HTTP
# load generator) at 32 connections on this machine. Sizes: BENCH_SIZES (default
# "10000 100000 1000000"); seconds per scenario: BENCH_SECONDS (default 10); BENCH_WRITE=1
# also writes BENCHMARKS.md; BENCH_ONLY=exports measures only the exports, BENCH_ONLY=reports only the
# MIS reports, BENCH_ONLY=audit-exports only eight audit PDFs at once (on 10,000 grievances),
# BENCH_ONLY=import only the import of a 100,000-row register from .xlsx (BENCH_IMPORT_ROWS),
# BENCH_ONLY=roles only each role's screens on a state's shape (`portal seed --state`; sizes
# BENCH_STATE_SIZES, default "1000000").
# Seeded data is kept in bench-results/ and reused.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZES=${BENCH_SIZES:-"10000 100000 1000000"}
SECONDS_PER=${BENCH_SECONDS:-10}
OUT=bench-results
mkdir -p "$OUT"
command -v wrk >/dev/null || { apt-get update && apt-get install -y --no-install-recommends wrk; }
cargo build --release -p portal
PORTAL=./target/release/portal
# The portal escalates what is overdue at its start. The seeded data holds hundreds of
# thousands of overdue grievances never escalated (no department's data looks like that: its
# portal escalated each as it fell due), and escalating them one by one through the scenarios
# would measure that backlog's writes, not the requests. The figures are of the requests.
export PORTAL_ESCALATION_MINUTES=0
PORT=18181
BASE="http://127.0.0.1:$PORT"
EMAIL="officer1.1@seed.portal"
# A seeded officer whose role has no view_all: their own grievances only.
OWN_EMAIL="officer7.1@seed.portal"
PASSWORD="Officer-Pass-1"
rows=()

# BENCHMARKS.md with the section headed `## $2` replaced by the file $1, or, where it has none,
# the section put before the one headed `## $3` (or at the end).
put_section() {
  python3 - "$@" <<'PY'
import re, sys
path, heading, before = sys.argv[1], sys.argv[2], sys.argv[3]
section = open(path).read().rstrip("\n") + "\n"
text = open("BENCHMARKS.md").read()
if f"\n## {heading}\n" in text:
    text = re.sub(r"\n## " + re.escape(heading) + r"\n.*?(?=\n## |\Z)", lambda _: "\n" + section, text, flags=re.S)
elif f"\n## {before}\n" in text:
    text = text.replace(f"\n## {before}\n", "\n" + section + f"\n## {before}\n", 1)
else:
    text = text.rstrip("\n") + "\n\n" + section
open("BENCHMARKS.md", "w").write(text)
PY
}
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }
login() {
  curl -sf -X POST "$BASE/api/auth/login" -H 'content-type: application/json' \
    -d "{\"email\":\"$1\",\"password\":\"$PASSWORD\"}" | json 'd["token"]'
}
# The query string of name=value pairs, each value URL-encoded.
query() { python3 -c "import sys, urllib.parse as u; a=sys.argv[1:]; print('&'.join(a[i]+'='+u.quote(a[i+1]) for i in range(0, len(a), 2)))" "$@"; }

# wrk's "Requests/sec" and the 50% and 99% latencies, as "rps p50 p99 non-2xx". wrk leaves a
# request that outlasts its timeout out of the latencies (at its default 2 s, a slow enough
# request read "0.00us"): the timeout is 30 s, and requests that still outlast it are counted
# beside the errors ("0, N timed out").
measure() {
  local out
  out=$(wrk -t2 -c32 -d"${SECONDS_PER}s" --timeout 30s --latency "$@" 2>&1)
  local rps p50 p99 errors timeouts
  rps=$(awk '/Requests\/sec/ {printf "%.0f", $2}' <<<"$out")
  p50=$(awk '$1=="50%" {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  errors=$(awk '/Non-2xx/ {print $5}' <<<"$out")
  timeouts=$(awk '/Socket errors/ {for (i = 1; i < NF; i++) if ($i == "timeout") print $(i + 1)}' <<<"$out")
  errors=${errors:-0}
  [ "${timeouts:-0}" != 0 ] && errors="$errors, $timeouts timed out"
  echo "$rps ${p50:--} ${p99:--} $errors"
}

# The four MIS reports on a copy of the seeded data, as the seeded officer of the state
# (every grievance) and as one of their own cases: each asked 20 times in a row (median and
# slowest answer, curl's total time), for the default period (twelve months) and for five
# years; then under load (wrk, 32 connections) for the default period.
report_rows=()
# A fresh copy of the seeded data of size $1, served (its log in $OUT/portal-$2.log) until it
# answers; $pid is the server's, $serving the copy.
serve_copy() {
  serving="$OUT/serving-$1"
  rm -rf "$serving"
  cp -a "$OUT/data-$1" "$serving"
  $PORTAL serve --port $PORT --data-dir "$serving" --web-dir web/dist >"$OUT/portal-$2.log" 2>&1 &
  pid=$!
  until curl -sf "$BASE/api/health" >/dev/null 2>&1; do sleep 0.01; done
}
reports_bench() {
  local size=$1
  serve_copy "$size" "reports-$size"
  local token own five
  token=$(login "$EMAIL")
  own=$(login "$OWN_EMAIL")
  five="from=$(python3 -c "import datetime; print(datetime.date.today().replace(day=1) - datetime.timedelta(days=5*365))")"
  for who in state own; do
    local bearer=$token
    [ $who = own ] && bearer=$own
    # Data seeded before the Seed Constable role held reports read cannot measure the own scope.
    if [ "$(curl -s -o /dev/null -w '%{http_code}' "$BASE/api/reports/monthly" -H "Authorization: Bearer $bearer")" != 200 ]; then
      echo "  $size reports of one's own cases: not measured (the seeded $who reader has no reports read)"
      continue
    fi
    for report in pendency monthly disposal crime-heads chapters compliance; do
      for period in "" "$five"; do
        local times
        times=$(for _ in $(seq 20); do
          curl -s -o /dev/null -w '%{http_code} %{time_total}\n' "$BASE/api/reports/$report?$period" -H "Authorization: Bearer $bearer"
        done)
        if grep -qv '^200 ' <<<"$times"; then
          echo "  $report ($who, ${period:-12 months}): not 200: $(grep -v '^200 ' <<<"$times" | head -1)"
          continue
        fi
        read -r median slowest < <(awk '{print $2}' <<<"$times" | sort -n | awk '{a[NR]=$1} END {printf "%.0f %.0f\n", a[int((NR+1)/2)]*1000, a[NR]*1000}')
        local label="${period:+5 years}"
        report_rows+=("| $size | $report | $who | ${label:-12 months} | $median ms | $slowest ms | | |")
        echo "  $size $report ($who, ${label:-12 months}): median $median ms, slowest $slowest ms"
      done
    done
  done
  for report in pendency monthly disposal crime-heads; do
    read -r rps p50 p99 errors < <(TOKEN=$token measure -H "Authorization: Bearer $token" "$BASE/api/reports/$report")
    report_rows+=("| $size | $report | state | 12 months, 32 connections | $p50 | $p99 | $rps | $errors |")
    echo "  $size $report under load: $rps req/s, p50 $p50, p99 $p99, non-2xx $errors"
  done
  kill -TERM $pid; wait $pid || true
  rm -rf "$serving"
}

# The import of an earlier register: a .xlsx of BENCH_IMPORT_ROWS rows (default 100,000),
# dry run and run by `portal import` into a fresh data directory, with the command's time and
# peak memory (its resident high-water mark, as /usr/bin/time reads it).
import_rows=()
import_bench() {
  local rows=${BENCH_IMPORT_ROWS:-100000}
  local file="$OUT/register-$rows.xlsx" data="$OUT/import-data"
  [ -f "$file" ] || cargo run --release -q -p portal --example register_xlsx -- "$rows" "$file"
  rm -rf "$data"
  printf 'Import-Pass-1\n' | $PORTAL admin create --email importer@bench.portal --name "Bench Importer" --data-dir "$data" >/dev/null
  local kind secs peak
  for kind in check run; do
    local flag=""
    [ "$kind" = run ] && flag="--run"
    /usr/bin/time -f "%e %M" -o "$OUT/import-$kind.time" $PORTAL import registers "$file" --as importer@bench.portal $flag --data-dir "$data" > "$OUT/import-$kind.log"
    read -r secs peak < "$OUT/import-$kind.time"
    local line="| $rows | $( [ "$kind" = run ] && echo "dry run, then the run" || echo "dry run" ) | $secs s | $(( peak / 1024 )) MiB | $(du -b "$file" | cut -f1 | python3 -c "import sys; print(f'{int(sys.stdin.read())/1048576:.1f}')") MB |"
    import_rows+=("$line")
    echo "  import $line"
  done
  tail -3 "$OUT/import-run.log"
  rm -rf "$data"
}
import_table() {
  printf '%s\n' "| rows | portal import registers | time | peak memory | file |" "|---|---|---|---|---|" "${import_rows[@]}"
}
imports_section() {
  echo "## Imports"
  echo
  echo "A register of earlier grievances and FIRs as an .xlsx file (\`BENCH_ONLY=import\`, written by"
  echo "\`functions/portal/examples/register_xlsx.rs\`: FIR dates as date cells, filing dates as text, five years"
  echo "over three stations), imported by \`portal import registers\` into a fresh data directory. The run checks the"
  echo "whole file first (the dry run), then reads, checks and writes it again in batches of 500. Peak memory is"
  echo "the command's resident high-water mark."
  echo
  import_table
}
if [ -z "${BENCH_ONLY:-}" ] || [ "${BENCH_ONLY:-}" = import ]; then
  import_bench
fi
if [ "${BENCH_ONLY:-}" = import ]; then
  import_table
  if [ "${BENCH_WRITE:-0}" = 1 ] && [ -f BENCHMARKS.md ]; then
    imports_section > "$OUT/imports-section.md"
    put_section "$OUT/imports-section.md" "Imports" "Exports"
    echo "Updated the imports section of BENCHMARKS.md"
  fi
  exit 0
fi

# Each role's screens on data shaped like a state (`portal seed --state`): a station writer
# (their own cases), the station house officer of the busiest district's city station, the
# superintendent of that district, its range's office and the state headquarters. For each:
# the dashboard (counts, recent activity, performance metrics), the list's first page and its
# twentieth as the list screen reads them (and the first as whole rows), the filters staff use
# (status, free text), a grievance by id (fifty of the role's own) and a create (the roles
# that file). The health endpoint is measured in the same window, before and after, and each
# figure is also given as a share of it.
role_rows=()
# Waits until process $1 has used under a tenth of a core for two seconds in a row (at most
# five minutes), and says how long it waited.
settle() {
  local pid=$1 quiet=0 waited=0 before after
  before=$(awk '{print $14 + $15}' /proc/"$pid"/stat)
  while [ "$quiet" -lt 2 ] && [ "$waited" -lt 300 ]; do
    sleep 1
    waited=$((waited + 1))
    after=$(awk '{print $14 + $15}' /proc/"$pid"/stat)
    if [ $((after - before)) -lt 10 ]; then quiet=$((quiet + 1)); else quiet=0; fi
    before=$after
  done
  echo "  the server settled after ${waited} s"
}
roles_bench() {
  local size=$1 data="$OUT/state-$size"
  if [ ! -f "$data/.seeded" ]; then
    rm -rf "$data"
    echo "Seeding a state's shape with $size grievances..."
    local start
    start=$(date +%s.%N)
    $PORTAL seed --state --grievances "$size" --data-dir "$data" > "$OUT/state-seed-$size.log"
    python3 -c "print(f'{$(date +%s.%N) - $start:.0f}')" > "$data/.seeded"
  fi
  role_rows+=("| $size | seeding (organisation, staff and cases) | $(cat "$data/.seeded") s | | | | |")
  local serving="$OUT/serving-state-$size" started first_ms file_mb
  rm -rf "$serving"
  cp -a "$data" "$serving"
  started=$(date +%s%N)
  # This machine is the mixed workload's proxy: its members come from addresses of their own.
  PORTAL_TRUSTED_PROXIES=127.0.0.1 $PORTAL serve --port $PORT --data-dir "$serving" --web-dir web/dist >"$OUT/portal-state-$size.log" 2>&1 &
  pid=$!
  until curl -sf "$BASE/api/health" >/dev/null 2>&1; do sleep 0.002; done
  first_ms=$(( ($(date +%s%N) - started) / 1000000 ))
  file_mb=$(du -sm "$serving" | cut -f1)
  # A first start on a freshly seeded state does its scheduled work at once (the audit
  # checkpoint over every chain; the escalation of the overdue cases the seed left, which a
  # running portal would have escalated as they fell due): about 40 s of a core at 1,000,000.
  # The figures are the portal's at work, so they wait until it is idle (two quiet seconds).
  settle "$pid"
  wrk -t2 -c32 -d2s "$BASE/api/health" >/dev/null 2>&1
  local health
  read -r health _ < <(measure "$BASE/api/health")
  role_rows+=("| $size | health (the server's ceiling), before | $health | | | | 100 % |")
  echo "  $size health before: $health req/s"
  share() { python3 -c "print(f'{100*$1/$2:.0f} %')" 2>/dev/null || echo "-"; }
  role() {
    local who=$1 email=$2 files=$3 token auth first ids cursor page20
    token=$(login "$email")
    auth=(-H "Authorization: Bearer $token")
    export TOKEN=$token
    first=$(curl -sf "$BASE/api/grievances?limit=50&view=summary" "${auth[@]}")
    ids=$(json '",".join(str(g["id"]) for g in d["data"])' <<<"$first")
    cursor=$(json 'd.get("next_cursor") or ""' <<<"$first")
    for _ in $(seq 18); do
      [ -z "$cursor" ] && break
      cursor=$(curl -sf "$BASE/api/grievances?$(query limit 50 view summary cursor "$cursor")" "${auth[@]}" | json 'd.get("next_cursor") or ""')
    done
    one() {
      local name=$1; shift
      read -r rps p50 p99 errors < <(measure "$@")
      role_rows+=("| $size | $who: $name | $rps | $p50 | $p99 | $errors | $(share "$rps" "$health") |")
      echo "  $size $who $name: $rps req/s, p50 $p50, p99 $p99, non-2xx $errors"
    }
    one "dashboard counts" "${auth[@]}" "$BASE/api/grievances/stats"
    one "recent activities" "${auth[@]}" "$BASE/api/admin/recent-activities"
    one "performance metrics" "${auth[@]}" "$BASE/api/admin/performance-metrics"
    # The list screen asks for its rows (view=summary); the whole rows are the API's default.
    one "list, first page" "${auth[@]}" "$BASE/api/grievances?limit=50&view=summary"
    one "list, first page, whole rows" "${auth[@]}" "$BASE/api/grievances?limit=50"
    if [ -n "$cursor" ]; then
      one "list, page 20" "${auth[@]}" "$BASE/api/grievances?$(query limit 50 view summary cursor "$cursor")"
    else
      role_rows+=("| $size | $who: list, page 20 | fewer than 20 pages | | | | |")
    fi
    one "list, status Pending" "${auth[@]}" "$BASE/api/grievances?$(query status Pending limit 50 view summary)"
    one "list, free text \"motorcycle\"" "${auth[@]}" "$BASE/api/grievances?$(query search motorcycle limit 50 view summary)"
    if [ -n "$ids" ]; then
      IDS=$ids one "grievance by id" -s scripts/wrk/ids.lua "$BASE"
    fi
    if [ "$files" = yes ]; then
      FIR_PREFIX="${email%%@*}" DISTRICT=Agra STATION="Agra Kotwali" one "create" -s scripts/wrk/create.lua "$BASE"
    else
      role_rows+=("| $size | $who: create | not a right of the role | | | | |")
    fi
  }
  role "station writer (own cases)" writer1.up01001@state.seed yes
  role "station house officer (station)" sho.up01001@state.seed yes
  role "superintendent of police (district)" sp1.d01@state.seed no
  role "range office (range)" ig1.r01@state.seed no
  role "state headquarters (state)" hq1@state.seed no
  # 200 members of staff at once for a minute, in a state's proportions (portal::cost's mix):
  # per request kind, throughput and the 50th, 95th and 99th percentiles.
  ./target/release/examples/mixed_load "$BASE" "${BENCH_MIXED_SECONDS:-60}" 200 > "$OUT/mixed-$size.md"
  echo "  $size mixed workload:"
  cat "$OUT/mixed-$size.md"
  read -r health _ < <(measure "$BASE/api/health")
  role_rows+=("| $size | health (the server's ceiling), after | $health | | | | |")
  local peak_kib
  peak_kib=$(awk '/VmHWM/ {print $2}' /proc/$pid/status)
  kill -TERM $pid; wait $pid || true
  rm -rf "$serving"
  role_rows+=("| $size | peak memory of the server | $(( peak_kib / 1024 )) MiB | | | | |")
  role_rows+=("| $size | data directory size | $file_mb MB | | | | |")
  role_rows+=("| $size | start to first answered request | $first_ms ms | | | | |")
}
if [ "${BENCH_ONLY:-}" = roles ]; then
  cargo build --release -q -p portal --example mixed_load
  for size in ${BENCH_STATE_SIZES:-1000000}; do
    roles_bench "$size"
  done
  printf '%s\n' "| grievances | role: scenario | req/s | p50 | p99 | non-2xx | of health |" "|---|---|---|---|---|---|---|" "${role_rows[@]}"
  exit 0
fi

# BENCH_ONLY=exports skips the request scenarios (the data is still seeded if missing).
for size in $SIZES; do
  data="$OUT/data-$size"
  if [ ! -f "$data/.seeded" ]; then
    rm -rf "$data"
    echo "Seeding $size grievances..."
    start=$(date +%s.%N)
    $PORTAL seed --grievances "$size" --data-dir "$data" >/dev/null
    seed_s=$(python3 -c "print(f'{$(date +%s.%N) - $start:.0f}')")
    echo "$seed_s" > "$data/.seeded"
  fi
  seed_s=$(cat "$data/.seeded")
  case "${BENCH_ONLY:-}" in exports|audit-exports) continue ;; esac
  if [ "${BENCH_ONLY:-}" = reports ]; then
    reports_bench "$size"
    continue
  fi

  # The scenarios write (creates, status changes, audit records): they run on a copy, so
  # that every run starts from the seeded data and no run measures the last one's writes.
  serving="$OUT/serving-$size"
  rm -rf "$serving"
  cp -a "$data" "$serving"
  started=$(date +%s%N)
  $PORTAL serve --port $PORT --data-dir "$serving" --web-dir web/dist >"$OUT/portal-$size.log" 2>&1 &
  pid=$!
  until curl -sf "$BASE/api/health" >/dev/null 2>&1; do sleep 0.002; done
  first_ms=$(( ($(date +%s%N) - started) / 1000000 ))
  # The seeded data as this build keeps it (upgraded on start if seeded by an older one).
  file_mb=$(du -sm "$serving" | cut -f1)

  TOKEN=$(login "$EMAIL")
  OWN_TOKEN=$(login "$OWN_EMAIL")
  export TOKEN
  district=$(curl -sf "$BASE/api/admin/dropdowns/districts" -H "Authorization: Bearer $TOKEN" | json 'd[0]["name"]')
  station=$(curl -sf "$BASE/api/admin/dropdowns/police_stations" -H "Authorization: Bearer $TOKEN" | json 'd[0]["name"]')
  fir_year=$(( $(date +%Y) - 2 ))
  statuses=$(curl -sf "$BASE/api/admin/dropdowns/statuses" -H "Authorization: Bearer $TOKEN")
  export STATUS_A=$(json '[s["id"] for s in d if s["name"]=="In Progress"][0]' <<<"$statuses")
  export STATUS_B=$(json '[s["id"] for s in d if s["name"]=="Pending"][0]' <<<"$statuses")
  export MAX_ID=$size
  auth=(-H "Authorization: Bearer $TOKEN")
  own=(-H "Authorization: Bearer $OWN_TOKEN")

  # A warm-up, so that the figures are of a running service.
  wrk -t2 -c32 -d2s "${auth[@]}" "$BASE/api/grievances?limit=50" >/dev/null 2>&1

  run() {
    local name=$1; shift
    read -r rps p50 p99 errors < <(measure "$@")
    rows+=("| $size | $name | $rps | $p50 | $p99 | $errors |")
    echo "  $size  $name: $rps req/s, p50 $p50, p99 $p99, non-2xx $errors"
  }
  # The server's own ceiling in the same window, before and after the scenarios: this machine's
  # figures move by tens of percent between hours, so each scenario is read against these.
  run "health (the server's ceiling), before" "$BASE/api/health"
  list="$BASE/api/grievances"
  run "list first page, newest first" "${auth[@]}" "$list?limit=50"
  run "list, status filter" "${auth[@]}" "$list?$(query status Pending limit 50)"
  run "list, free text \"motorcycle\"" "${auth[@]}" "$list?$(query search motorcycle limit 50)"
  run "list, district + FIR dates of $fir_year" "${auth[@]}" "$list?$(query district "$district" from_date "$fir_year-01-01" to_date "$fir_year-12-31" limit 50)"
  run "list, station + status" "${auth[@]}" "$list?$(query police_station "$station" status Pending limit 50)"
  run "list, priority + status" "${auth[@]}" "$list?$(query priority High status Pending limit 50)"
  run "list, FIR number substring" "${auth[@]}" "$list?$(query fir_no "/$fir_year/0123" limit 50)"
  # Every FIR of a year: many matches, all filed long ago (the walk's hardest case).
  run "list, FIR number of one year (\"/$(( fir_year - 2 ))/\")" "${auth[@]}" "$list?$(query fir_no "/$(( fir_year - 2 ))/" limit 50)"
  run "list, overdue only" "${auth[@]}" "$list?$(query overdue true limit 50)"
  run "list, overdue + priority" "${auth[@]}" "$list?$(query overdue true priority High limit 50)"
  run "list, statutory clocks missed" "${auth[@]}" "$list?$(query clock missed limit 50)"
  run "list, statutory clocks due within 7 days" "${auth[@]}" "$list?$(query clock due limit 50)"
  run "list, station + clocks missed" "${auth[@]}" "$list?$(query police_station "$station" clock missed limit 50)"
  run "list, sorted by priority" "${auth[@]}" "$list?$(query sort priority direction desc limit 50)"
  run "grievance by id" -s scripts/wrk/detail.lua "$BASE"
  # The dashboard's tiles: counts by status and priority, and the clock tiles (missed, due this week).
  run "counts by status (dashboard)" "${auth[@]}" "$BASE/api/grievances/stats"
  run "performance metrics" "${auth[@]}" "$BASE/api/admin/performance-metrics"
  run "recent activities" "${auth[@]}" "$BASE/api/admin/recent-activities"
  for report in pendency monthly disposal crime-heads; do
    run "report: $report (twelve months)" "${auth[@]}" "$BASE/api/reports/$report"
  done
  run "audit, first page" "${auth[@]}" "$BASE/api/audit/all?limit=50"
  run "without view_all: list first page" "${own[@]}" "$list?limit=50"
  run "without view_all: clocks missed" "${own[@]}" "$list?$(query clock missed limit 50)"
  run "without view_all: dashboard counts" "${own[@]}" "$BASE/api/grievances/stats"
  run "without view_all: recent activities" "${own[@]}" "$BASE/api/admin/recent-activities"
  run "without view_all: audit first page" "${own[@]}" "$BASE/api/audit/all?limit=50"
  run "create (with audit and counters)" -s scripts/wrk/create.lua "$BASE"
  run "status change" -s scripts/wrk/status.lua "$BASE"
  run "health (the server's ceiling), after" "$BASE/api/health"

  peak_kib=$(awk '/VmHWM/ {print $2}' /proc/$pid/status)
  # Lighthouse (desktop preset, Debian's Chromium) on the login page and on the list, at one
  # size (LIGHTHOUSE_SIZE, default 100,000; the list is the seeded officer's).
  if [ "$size" = "${LIGHTHOUSE_SIZE:-100000}" ]; then
    while read -r _ page score rest; do
      rows+=("| $size | Lighthouse performance, $page page | $score | $rest | | |")
      echo "  $size  Lighthouse $page: $score ($rest)"
    done < <(cd web && node scripts/lighthouse.mjs "$BASE" "$EMAIL" "$PASSWORD" "../$OUT" || true)
  fi
  kill -TERM $pid; wait $pid || true
  rm -rf "$serving"
  rows+=("| $size | peak memory of the server | $(( peak_kib / 1024 )) MiB | | | |")
  rows+=("| $size | data directory size | $file_mb MB | | | |")
  rows+=("| $size | start to first answered request | $first_ms ms | | | |")
  rows+=("| $size | seeding time | $seed_s s | | | |")
done

# Exports of the whole list, each on a freshly started server so that its peak memory is the
# export's. A PDF holds at most 10,000 grievances: above that it is refused before any work,
# and the row says so with the server's message.
export_rows=()
case "${BENCH_ONLY:-}" in reports|audit-exports) SIZES_FOR_EXPORTS="" ;; *) SIZES_FOR_EXPORTS=$SIZES ;; esac
for size in $SIZES_FOR_EXPORTS; do
  for kind in excel pdf officers; do
    serve_copy "$size" "export-$size"
    TOKEN=$(login "$EMAIL")
    before_kib=$(awk '/VmHWM/ {print $2}' /proc/$pid/status)
    start=$(date +%s%N)
    answer=$(curl -s "$BASE/api/grievances/export/$kind" -H "Authorization: Bearer $TOKEN")
    # A long list is written in the background (202 with a job): asked after until it is done,
    # as the web app does; the time is then from the request to the ready link.
    if status_url=$(json 'd["status_url"]' <<<"$answer" 2>/dev/null); then
      while :; do
        sleep 0.2
        answer=$(curl -s "$BASE$status_url" -H "Authorization: Bearer $TOKEN")
        case $(json 'd["status"]' <<<"$answer") in
          ready) answer=$(json 'json.dumps(d["link"])' <<<"$answer"); break ;;
          failed) answer=$(json 'json.dumps(d["error"])' <<<"$answer"); break ;;
        esac
      done
    fi
    export_ms=$(( ($(date +%s%N) - start) / 1000000 ))
    peak_kib=$(awk '/VmHWM/ {print $2}' /proc/$pid/status)
    if url=$(json 'd["url"]' <<<"$answer" 2>/dev/null); then
      n=$(json 'd["rows"]' <<<"$answer")
      file="$(( $(curl -sf "$BASE$url" | wc -c) / 1024 )) KiB"
    else
      n="refused"
      file="\"$(json 'd["error"]' <<<"$answer")\""
    fi
    kill -TERM $pid; wait $pid || true
    rm -rf "$serving"
    line="| $size | $kind | $n | $(python3 -c "print(f'{$export_ms/1000:.1f}')") s | $(( peak_kib / 1024 )) MiB | $(( before_kib / 1024 )) MiB | $file |"
    export_rows+=("$line")
    echo "  export $line"
  done
done

# Eight audit PDFs asked at once on the 10,000-grievance data, by four officers who see the
# whole state, two each (a user has at most three exports of a kind under way): each takes its
# turn in the audit PDFs' queue, so the server holds one export's records and layout at a
# time. The records are the 10,000 filings (action=CREATED), the most an audit export holds.
audit_rows=()
if [[ " $SIZES " == *" 10000 "* ]] && [[ -z "${BENCH_ONLY:-}" || "${BENCH_ONLY:-}" = audit-exports ]]; then
  serve_copy 10000 audit-exports
  tokens=()
  for n in 1 2 3 4; do tokens+=("$(login "officer$n.1@seed.portal")"); done
  before_kib=$(awk '/VmHWM/ {print $2}' /proc/$pid/status)
  start=$(date +%s%N)
  curls=()
  for n in 0 1 2 3; do
    for twice in 1 2; do
      curl -s -o /dev/null -w '%{http_code}\n' "$BASE/api/audit/export/pdf?action=CREATED" -H "Authorization: Bearer ${tokens[$n]}" >"$OUT/audit-pdf-$n-$twice.status" &
      curls+=($!)
    done
  done
  wait "${curls[@]}"
  all_ms=$(( ($(date +%s%N) - start) / 1000000 ))
  peak_kib=$(awk '/VmHWM/ {print $2}' /proc/$pid/status)
  written=$(cat "$OUT"/audit-pdf-*.status | grep -c '^200$' || true)
  kill -TERM $pid; wait $pid || true
  rm -rf "$serving" "$OUT"/audit-pdf-*.status
  line="| 10000 | 8 audit PDFs at once (4 users, 2 each), 10,000 records each | $written of 8 written | $(python3 -c "print(f'{$all_ms/1000:.1f}')") s for all | $(( peak_kib / 1024 )) MiB | $(( before_kib / 1024 )) MiB |"
  audit_rows+=("$line")
  echo "  audit exports $line"
fi
audit_table=$(printf '%s\n' "| grievances | exports | written | time | server peak memory | before the exports |" "|---|---|---|---|---|---|" "${audit_rows[@]}")
audit_exports_section() {
  echo "## Audit exports at once"
  echo
  echo "Eight audit PDFs asked at once (\`BENCH_ONLY=audit-exports\`) on a freshly started server; each takes its"
  echo "turn in the audit PDFs' queue. Peak memory is the server process's high-water mark."
  echo "Measured $(date -u +%Y-%m-%d) ($(git rev-parse --short HEAD))."
  echo
  echo "$audit_table"
}

machine="$(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)"
table=$(printf '%s\n' "| grievances | scenario | req/s | p50 | p99 | non-2xx |" "|---|---|---|---|---|---|" "${rows[@]}")
echo
echo "Machine: $machine; wrk -t2 -c32 -d${SECONDS_PER}s after a 2 s warm-up; load generator and portal share the machine."
export_table=$(printf '%s\n' "| grievances | export | rows | time (request to link) | server peak memory | before the export | file |" "|---|---|---|---|---|---|---|" "${export_rows[@]}")
echo "$table"
echo
echo "$export_table"
exports_section() {
  echo "## Exports"
  echo
  echo "Each on a freshly started server, as the seeded Admin (every grievance); the time is from the request to"
  echo "the answered link (read, write, store, audit); peak memory is the server process's high-water mark."
  echo "Measured $(date -u +%Y-%m-%d) ($(git rev-parse --short HEAD))."
  echo
  echo "$export_table"
}
report_table=$(printf '%s\n' "| grievances | report | scope | period | median (p50 under load) | slowest (p99 under load) | req/s | non-2xx |" "|---|---|---|---|---|---|---|---|" "${report_rows[@]}")
reports_section() {
  echo "## Reports"
  echo
  echo "The four MIS reports (\`BENCH_ONLY=reports\`) on a freshly started server: each asked 20 times in a row"
  echo "(curl's total time: median and slowest), as the seeded officer of the state and (when their role holds reports"
  echo "read) as a reader of their own cases, for the default period (twelve months) and five years; then 10 s under"
  echo "wrk's 32 connections."
  echo "Measured $(date -u +%Y-%m-%d) ($(git rev-parse --short HEAD))."
  echo
  echo "$report_table"
}
if [ "${BENCH_ONLY:-}" = audit-exports ]; then
  echo "$audit_table"
  if [ "${BENCH_WRITE:-0}" = 1 ] && [ -f BENCHMARKS.md ]; then
    audit_exports_section > "$OUT/audit-exports-section.md"
    put_section "$OUT/audit-exports-section.md" "Audit exports at once" "Exports"
    echo "Updated the audit exports section of BENCHMARKS.md"
  fi
elif [ "${BENCH_ONLY:-}" = reports ]; then
  echo "$report_table"
  if [ "${BENCH_WRITE:-0}" = 1 ] && [ -f BENCHMARKS.md ]; then
    reports_section > "$OUT/reports-section.md"
    put_section "$OUT/reports-section.md" "Reports" "Exports"
    echo "Updated the reports section of BENCHMARKS.md"
  fi
elif [ "${BENCH_WRITE:-0}" = 1 ] && [ "${BENCH_ONLY:-}" = exports ] && [ -f BENCHMARKS.md ]; then
  # Only the exports were measured: replace their section, keep the rest.
  kept=$(sed '/^## Exports$/,$d' BENCHMARKS.md)
  { echo "$kept"; echo; exports_section; } > BENCHMARKS.md
  echo "Updated the exports section of BENCHMARKS.md"
elif [ "${BENCH_WRITE:-0}" = 1 ]; then
  {
    echo "# Benchmarks"
    echo
    echo "Run on $(date -u +%Y-%m-%d) by \`BENCH_WRITE=1 make bench\` ($(git rev-parse --short HEAD))."
    echo "Machine: $machine. Load: wrk, 2 threads, 32 connections, ${SECONDS_PER} s per scenario after a 2 s warm-up;"
    echo "wrk and the portal share the machine's cores, so figures move by 10-20 % between runs."
    echo
    echo "$table"
    echo
    exports_section
    echo
    audit_exports_section
    echo
    imports_section
  } > BENCHMARKS.md
  echo "Wrote BENCHMARKS.md"
fi
