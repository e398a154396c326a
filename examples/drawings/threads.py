"""One CPU thread while a drawing module trains a tiny table.

With two threads PyTorch still splits some tiny operations (the log_softmax in
cross_entropy, the square root in Adam's step, SparseAdam's sparse steps), and on a busy
two-core machine one thread then waits for the other: milliseconds a step. One thread also
keeps the reader's core count out of the numbers. Whether more threads change the last bits
depends on the CPU and its BLAS: how_rows_learn_meaning's training gave equal tables on 1,
2, 4 and 8 threads on one machine, while on two others 4 and 8 threads changed the last bits
from the first forward pass (the output layer's logits already differ).
optimizers_and_untouched_rows is elementwise on a handful of numbers throughout.
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
