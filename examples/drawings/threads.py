"""One CPU thread while a drawing module trains a tiny table.

With two threads PyTorch still splits some tiny operations (the log_softmax in
cross_entropy, the square root in Adam's step, SparseAdam's sparse steps), and on a busy
two-core machine one thread then waits for the other: milliseconds a step. The numbers are
the same: the modules that use this check it (how_rows_learn_meaning: with batches of 128
pairs no sum changes its order, tables equal bit for bit on 1, 2, 4 and 8 threads;
optimizers_and_untouched_rows: every operation is elementwise on a handful of numbers).
"""

from __future__ import annotations

import contextlib

import torch


@contextlib.contextmanager
def one_thread():
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(threads)
