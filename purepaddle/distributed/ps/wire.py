"""The PS wire: MPI point-to-point messages on the job's COMM_WORLD (which ranks are servers: role.py `_layout`).

A request is (kind, body) sent with tag REQUEST to a server; the server answers with tag REPLY.
Bodies are Python objects with NumPy arrays (mpi4py pickles them).
"""
REQUEST, REPLY = 0x5053, 0x5054


def world():
    """MPI.COMM_WORLD (imported on first use: only PS jobs need mpi4py here)."""
    from mpi4py import MPI
    return MPI.COMM_WORLD


def any_source():
    from mpi4py import MPI
    return MPI.ANY_SOURCE


def status():
    from mpi4py import MPI
    return MPI.Status()
