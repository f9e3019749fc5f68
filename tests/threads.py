"""Calls released together in threads: the races tests try (PostgreSQL's locks decide them)."""

import threading

from django.db import connections


def at_once(*calls):
    """Run each call in its own thread, released together; each one's result or exception."""
    barrier = threading.Barrier(len(calls))
    outcomes = [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait()
            outcomes[index] = call()
        except Exception as error:  # the test looks at what each thread got
            outcomes[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes
