#!/usr/bin/python3
"""Replays an NMEA log through the real gpsd, as gpsfake does (gps.fake, from Debian's
python3-gps): gpsd on a free port, the log fed once through a pseudo-terminal.

    gpsfake-walk.py LOG GO

Prints "ready PORT" once gpsd listens, then waits until the file GO exists (the client under
test is connected and watching) before the log is fed. Like gpsfake it never ends by itself
and ignores SIGTERM: the test kills its process group (this process and its gpsd) with SIGKILL.
"""
import os
import signal
import sys
import time

os.setpgrp()
signal.signal(signal.SIGTERM, signal.SIG_IGN)
import gps.fake as gpsfake  # noqa: E402

log, go = sys.argv[1], sys.argv[2]
session = gpsfake.TestSession(options="-n")
session.spawn()
print("ready %d" % session.port, flush=True)
while not os.path.exists(go):
    time.sleep(0.05)
# Each line once (gps.fake 3.22's own default predicate takes no arguments and fails).
session.gps_add(log, pred=lambda index, fake: index < len(fake.testload.sentences), oneshot=True)
session.run()
