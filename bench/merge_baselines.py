#!/usr/bin/env python3
"""Joins two corecl_bench tables, each measured with one PoCL beside CoreCL
(two PoCL releases do not load into one process), into one: the first
run's rows with the second PoCL's time, CoreCL's time beside it in that run,
and their ratio at the end of each row. The ratios stay ratios of times
measured side by side; CoreCL's two times show how far the runs differ.

Usage: merge_baselines.py <first run's output> <second run's output>
"""
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip('|').split('|')]


def table_rows(text):
    """kernel name -> cells of corecl_bench's rows; and the second PoCL's name."""
    rows, pocl = {}, None
    for line in text.splitlines():
        if not line.startswith('|'):
            continue
        row = cells(line)
        if row[0] == 'kernel':
            pocl = row[1].replace(' (ms)', '')
        elif not row[0].startswith('---'):
            rows[row[0]] = row
    return rows, pocl


def main():
    first = open(sys.argv[1]).read()
    second_rows, pocl = table_rows(open(sys.argv[2]).read())
    out = []
    for line in first.splitlines():
        if not line.startswith('|'):
            out.append(line)
            continue
        row = cells(line)
        if row[0] == 'kernel':
            extra = ['%s (ms)' % pocl, 'CoreCL beside it (ms)', '%s / CoreCL' % pocl]
        elif row[0].startswith('---'):
            extra = ['---:', '---:', '---:']
        elif row[0] == 'geometric mean':
            mean = second_rows.get(row[0], [''] * 4)
            extra = ['', '', mean[3]]
        else:
            other = second_rows.get(row[0])
            extra = [other[1], other[2], other[3]] if other else ['', '', '']
        out.append('| ' + ' | '.join(row + extra) + ' |')
    print('\n'.join(out))


if __name__ == '__main__':
    main()
