#!/usr/bin/env python3
"""The floor under `docs`: writing a site's files, already in memory, into a new directory.

Usage: write_floor.py SITE DESTINATION. Reads every file of SITE (untimed), removes
DESTINATION, syncs, then creates and writes each file, one `open`/`write`/`close` as docs
does, and prints the wall and CPU (user + system) seconds of the writing alone, then the
number of files and their bytes."""

import os
import shutil
import sys
import time


def main():
    site, destination = sys.argv[1:3]
    files = []
    for name in sorted(os.listdir(site)):
        with open(os.path.join(site, name), "rb") as file:
            files.append((name, file.read()))
    shutil.rmtree(destination, ignore_errors=True)
    os.mkdir(destination)
    os.sync()
    start, cpu = time.perf_counter(), os.times()
    for name, data in files:
        descriptor = os.open(os.path.join(destination, name), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        view = memoryview(data)
        while view:
            view = view[os.write(descriptor, view):]
        os.close(descriptor)
    wall, end = time.perf_counter() - start, os.times()
    print(wall, (end.user - cpu.user) + (end.system - cpu.system), len(files), sum(len(data) for _, data in files))


if __name__ == "__main__":
    main()
