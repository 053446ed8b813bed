#!/bin/sh
# Asks the shop's /healthz twice, 10 s apart; restarts the service only when both fail (a
# 503: the database does not answer or pages wait too long; or no answer within 10 s).
# A shop that is still starting (systemd says "activating") is left alone.
port="${PORT:-3000}"
unit="${PATITAS_UNIT:-patitas.service}"
[ "$(systemctl is-active "$unit")" = "active" ] || exit 0
check() { curl -fsS --max-time 10 -o /dev/null "http://127.0.0.1:${port}/healthz"; }
check && exit 0
sleep "${HEALTHCHECK_RETRY_SECONDS:-10}"
check && exit 0
echo "patitas: /healthz failed twice; restarting $unit" >&2
exec systemctl restart "$unit"
