#!/usr/bin/env python3
"""Real programs' own benchmarks on PoCL and CoreCL, side by side.

Each program runs once per driver, PoCL then CoreCL in the same minute, each
through the ICD loader with only that driver registered, and reports its own
rate; the table gives both rates and CoreCL's as a multiple of PoCL's
(higher is better for CoreCL), in the layout corecl_bench uses, so that
write_report.py charts these rows too. Programs that are not installed are
skipped with a note.

- clpeak: every compute section (single, double, integer, 24-bit integer)
  at every vector width. clpeak does not check its results.
- hashcat -b: MD5, SHA-1, SHA-256, SHA-512 and scrypt (memory-hard), one
  device (-D 1, the CPU); hashcat self-tests each kernel against known
  hashes before it measures, and a failed self-test marks the row.
- clFFT's client: a 1024 x 1024 complex FFT in single and double precision
  (its own GFLOP/s; the client does not check its results).

Usage: real_programs.py <corecl.icd> [pocl.icd] [name filter]
"""
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

TIMEOUT = 900


def run(program, icd, env_extra=None):
    """(exit status, combined output) of `program` with only `icd` registered."""
    with tempfile.TemporaryDirectory(prefix='corecl-real-') as tmp:
        vendors = os.path.join(tmp, 'vendors')
        os.mkdir(vendors)
        shutil.copy(icd, vendors)
        env = dict(os.environ, OCL_ICD_VENDORS=vendors, XDG_CACHE_HOME=os.path.join(tmp, 'cache'),
                   HOME=tmp)
        env.update(env_extra or {})
        try:
            proc = subprocess.run(program, env=env, cwd=tmp, capture_output=True, text=True,
                                  timeout=TIMEOUT)
            return proc.returncode, proc.stdout + proc.stderr
        except subprocess.TimeoutExpired:
            return -1, 'timed out after %d s' % TIMEOUT


def clpeak_rows(icd):
    """{row name: (rate, unit)} from clpeak's compute sections."""
    status, out = run(['clpeak', '--compute-sp', '--compute-dp', '--compute-integer',
                       '--compute-intfast'], icd)
    rows, section, unit = {}, None, ''
    for line in out.splitlines():
        header = re.match(r'\s*(Single-precision|Double-precision|Integer compute Fast 24bit|'
                          r'Integer compute) .*\((\w+)\)', line)
        if header:
            section = {'Single-precision': 'float', 'Double-precision': 'double',
                       'Integer compute': 'int', 'Integer compute Fast 24bit': 'int24'}[header[1]]
            unit = header[2]
            continue
        value = re.match(r'\s*(\w+)\s*:\s*([0-9.]+)\s*$', line)
        if section and value:
            width = re.sub(r'^[a-z]+', '', value[1])
            name = ('clpeak int%s, 24-bit' % width if section == 'int24' else
                    'clpeak %s%s' % (section, width))
            rows[name] = (float(value[2]), unit, True)
    return rows


UNITS = {'H/s': 1, 'kH/s': 1e3, 'MH/s': 1e6, 'GH/s': 1e9}
HASHCAT_MODES = [(0, 'MD5'), (100, 'SHA-1'), (1400, 'SHA-256'), (1700, 'SHA-512'),
                 (8900, 'scrypt')]


def hashcat_rows(icd, mode, label):
    status, out = run(['hashcat', '-b', '-m', str(mode), '-D', '1', '--force', '--quiet'], icd)
    speed = re.search(r'Speed\.#\S*\.*:\s*([0-9.]+)\s*(\w?H/s)', out)
    if not speed:
        return {}
    ok = status == 0 and 'self-test failed' not in out.lower()
    value = float(speed[1]) * UNITS[speed[2]]
    return {'hashcat -b -m %d (%s)' % (mode, label): (value, 'H/s', ok)}


def readable(p, c, unit):
    """Both rates and their unit, hash rates scaled to the larger one."""
    if unit != 'H/s':
        return p, c, unit
    name, scale = 'H/s', 1.0
    for candidate in ('kH/s', 'MH/s', 'GH/s'):
        if max(p, c) >= 1000 * scale:
            name, scale = candidate, scale * 1000
    return p / scale, c / scale, name


def clfft_rows(icd, double):
    args = ['clFFT-client', '-x', '1024', '-y', '1024', '-p', '20'] + (['--double'] if double
                                                                        else [])
    status, out = run(args, icd)
    gflops = re.search(r'Execution gflops:\s*([0-9.]+)', out)
    if status != 0 or not gflops:
        return {}
    name = 'clFFT 1024 x 1024 complex, %s' % ('double' if double else 'single')
    return {name: (float(gflops[1]), 'GFLOP/s', True)}


def main():
    corecl = sys.argv[1]
    pocl = sys.argv[2] if len(sys.argv) > 2 else '/etc/OpenCL/vendors/pocl.icd'
    only = sys.argv[3] if len(sys.argv) > 3 else ''
    if not os.path.exists(pocl):
        sys.exit('PoCL is not installed (scripts/install-deps.sh installs pocl-opencl-icd)')
    # (name filter, installed program, rows of one driver)
    jobs = [('clpeak', 'clpeak', clpeak_rows)]
    jobs += [('hashcat -b -m %d (%s)' % (m, label), 'hashcat',
              lambda icd, m=m, label=label: hashcat_rows(icd, m, label))
             for m, label in HASHCAT_MODES]
    jobs += [('clFFT 1024 x 1024 complex, %s' % ('double' if d else 'single'), 'clFFT-client',
              lambda icd, d=d: clfft_rows(icd, d)) for d in (False, True)]
    print('Real programs, each reporting its own rate (one run per driver, PoCL first):\n')
    print('| program | PoCL | CoreCL | CoreCL / PoCL | unit | checked by the program |')
    print('| --- | ---: | ---: | ---: | --- | --- |')
    log_sum, count = 0.0, 0
    for name, program, rows_of in jobs:
        if only not in name and not name.startswith(only):
            continue
        if not shutil.which(program):
            print('| %s | | | | | %s is not installed |' % (name, program))
            continue
        pocl_rows, corecl_rows = rows_of(pocl), rows_of(corecl)
        for row in sorted(set(pocl_rows) | set(corecl_rows), key=row_order(pocl_rows,
                                                                           corecl_rows)):
            p, c = pocl_rows.get(row), corecl_rows.get(row)
            if not p or not c or p[0] <= 0 or c[0] <= 0:
                print('| %s | %s | %s | | | failed on %s |' %
                      (row, p[0] if p else '', c[0] if c else '',
                       'PoCL' if not p else 'CoreCL'))
                continue
            ratio = c[0] / p[0]
            checked = ('yes' if p[2] and c[2] else 'SELF-TEST FAILED on ' +
                       ('PoCL' if not p[2] else 'CoreCL')) if program == 'hashcat' else 'no'
            shown = readable(p[0], c[0], c[1])
            print('| %s | %.2f | %.2f | %.2fx | %s | %s |' % (row, shown[0], shown[1], ratio,
                                                              shown[2], checked))
            sys.stdout.flush()
            log_sum += math.log(ratio)
            count += 1
    if count:
        print('| geometric mean of the real programs | | | %.2fx | | |' %
              math.exp(log_sum / count))


def row_order(*tables):
    """Rows in the order the program printed them."""
    order = []
    for table in tables:
        for row in table:
            if row not in order:
                order.append(row)
    return order.index


if __name__ == '__main__':
    main()
