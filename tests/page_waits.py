"""How long a browser test waits for a page, in milliseconds (Playwright's unit): one definition for every
browser test; and :func:`eventually`, how a test waits for what other processes write.

These are ceilings, not speed checks: a test that passes passes as soon as the page is there, and speed is
measured by ``bench/``. They are generous because a page's first render starts (or takes over) a kernel and runs
the notebook's cells, and on a busy 2-core machine (CI runs the whole suite, a site refills its pre-heated
kernels in the background) 60 s was once not enough (TOOLCHAIN.md).
"""

import time
from collections.abc import Callable

FIRST = 120_000  # the first render of a page: a kernel starts and every cell runs (a tournament included)


def eventually(condition: Callable[[], bool], seconds: float = 30) -> bool:
    """Whether ``condition`` holds within ``seconds`` (asked every 50 ms): for what another process writes."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return condition()
