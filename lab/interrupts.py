"""Say at once that Ctrl-C was heard (issue 60).

Python runs a signal's handler only between bytecodes of the main thread; while the main thread is
inside a model step (llama.cpp through ctypes, which releases the GIL) that can be 15-20 s later,
and a researcher who pressed Ctrl-C sees nothing. The C-level handler does write the signal's
number to the wakeup fd (`signal.set_wakeup_fd`) at once: a daemon thread blocked on that pipe
prints "stopping after the current model step..." the moment it arrives. The interrupt itself is
unchanged (KeyboardInterrupt when the step returns; the run records `interrupted`).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from contextlib import contextmanager
from collections.abc import Iterator

MESSAGE = ("\nstopping after the current model step... (the run is recorded as interrupted; "
           "`lab resume RUN` continues it)\n")


@contextmanager
def announce_interrupts(stream=None, message: str = MESSAGE) -> Iterator[None]:
    """Within the block, a SIGINT or SIGTERM is announced on `stream` (stderr) at once. A no-op
    off the main thread, where Python cannot set the wakeup fd."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    r, w = os.pipe()
    os.set_blocking(w, False)
    try:
        old = signal.set_wakeup_fd(w, warn_on_full_buffer=False)
    except (ValueError, OSError):          # not the main interpreter / not supported
        os.close(r), os.close(w)
        yield
        return
    out = stream or sys.stderr
    wanted = {int(signal.SIGINT), int(signal.SIGTERM)}

    def watch() -> None:
        said = False
        while True:
            try:
                got = os.read(r, 64)
            except OSError:
                return
            if not got:                      # the write end closed: the block ended
                return
            if not said and any(b in wanted for b in got):
                said = True
                try:
                    out.write(message)
                    out.flush()
                except (OSError, ValueError):
                    return

    t = threading.Thread(target=watch, name="announce-interrupts", daemon=True)
    t.start()
    try:
        yield
    finally:
        signal.set_wakeup_fd(old)
        os.close(w)
        t.join(timeout=1.0)
        os.close(r)
