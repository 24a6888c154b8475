#!/bin/sh
# Regenerates every table of the builtins that builtins/tools/ generates
# (python3 + mpmath) and compares it with the committed file: each
# generator's --check prints a unified diff and fails on a difference.
# Usage: builtin_tables_test.sh [SOURCE_DIR] (default: this script's repository).
# Exits 77 (skipped) without mpmath.
root=${1:-$(dirname "$0")/../..}
# Debian's python3 first: scripts/install-deps.sh gives it mpmath with the
# gmpy2 backend (5x faster); a python3 earlier on PATH (pyenv) may lack it.
if [ -z "${PYTHON:-}" ] && /usr/bin/python3 -c "import gmpy2, mpmath" 2>/dev/null; then
  PYTHON=/usr/bin/python3
fi
python=${PYTHON:-python3}
if ! "$python" -c "import mpmath" 2>/dev/null; then
  echo "mpmath is not installed (Debian: python3-mpmath); skipped"
  exit 77
fi
status=0
for gen in trig_coefficients explog_coefficients pow_coefficients special_coefficients srgb_table; do
  start=$(date +%s)
  if ! "$python" "$root/builtins/tools/${gen}.py" --check; then
    status=1
  fi
  echo "${gen}.py: $(($(date +%s) - start)) s"
done
exit $status
