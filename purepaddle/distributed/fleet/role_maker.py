"""Role makers: who this process is in the job (PaddleCloudRoleMaker reads the launcher's environment)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from typing import Any

import os

from ..env import env_rank, env_world_size

__all__ = ["Role", "PaddleCloudRoleMaker", "UserDefinedRoleMaker"]


class Role:
    """Process roles: WORKER (trainer), SERVER (parameter server), HETER_WORKER, COORDINATOR, ALL."""

    WORKER = 1
    SERVER = 2
    HETER_WORKER = 3
    ALL = 4
    COORDINATOR = 5


class _RoleMaker:
    """What fleet asks a role maker: rank, worker count, endpoints, role."""

    def __init__(self, is_collective=False):
        self._is_collective = is_collective
        self._role = Role.WORKER
        self._rank_id = 0
        self._n_workers = 1
        self._trainer_eps = []
        self._pserver_eps = []

    def _worker_index(self):
        return self._rank_id

    def _worker_num(self):
        return self._n_workers

    def _is_worker(self):
        return self._role == Role.WORKER

    def _is_server(self):
        return self._role == Role.SERVER

    def _is_first_worker(self):
        return self._role == Role.WORKER and self._rank_id == 0

    def _server_num(self):
        return len(self._pserver_eps)

    def _get_trainer_endpoints(self):
        return list(self._trainer_eps)

    def _get_pserver_endpoints(self):
        return list(self._pserver_eps)

    def _role_id(self):
        return self._rank_id


class PaddleCloudRoleMaker(_RoleMaker):
    """The role from the environment the launcher (or PaddleCloud) sets: PADDLE_TRAINER_ID, TRAINING_ROLE, ...

    Args:
        is_collective (bool, optional): Whether the job is collective (all workers) instead of
            parameter-server. Default: False.
        **kwargs (Any): Paddle's extra options.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed.fleet as fleet
            >>> role = fleet.PaddleCloudRoleMaker(is_collective=True)
            >>> role._worker_index(), role._worker_num()
            (0, 1)
    """

    def __init__(self, is_collective: bool = False, **kwargs: Any) -> None:
        super().__init__(is_collective)
        training_role = os.environ.get("TRAINING_ROLE", os.environ.get("PADDLE_TRAINING_ROLE", "TRAINER"))
        if training_role not in ("TRAINER", "PSERVER", "HETER_TRAINER", "COORDINATOR"):
            raise ValueError(f"TRAINING_ROLE must be TRAINER, PSERVER, HETER_TRAINER or COORDINATOR, but is "
                             f"{training_role!r}")
        self._role = Role.SERVER if training_role == "PSERVER" else Role.WORKER
        self._rank_id = env_rank()
        self._n_workers = env_world_size()
        eps = os.environ.get("PADDLE_TRAINER_ENDPOINTS", "")
        self._trainer_eps = [e for e in eps.split(",") if e]
        pservers = os.environ.get("PADDLE_PSERVERS_IP_PORT_LIST", "")
        self._pserver_eps = [e for e in pservers.split(",") if e]
        if self._role == Role.SERVER:  # a server's index: its POD_IP:PADDLE_PORT in the list (Paddle's rule)
            me = f"{os.environ.get('POD_IP', '')}:{os.environ.get('PADDLE_PORT', '')}"
            if me in self._pserver_eps:
                self._rank_id = self._pserver_eps.index(me)
            else:
                self._rank_id = int(os.environ.get("PADDLE_PSERVER_ID", "0"))
            self._n_workers = int(os.environ.get("PADDLE_TRAINERS_NUM", "1"))


class UserDefinedRoleMaker(_RoleMaker):
    """A role given by hand: UserDefinedRoleMaker(current_id=0, role=Role.WORKER, worker_num=1, ...).

    Examples:
        .. code-block:: python

            >>> import paddle.distributed.fleet as fleet
            >>> role = fleet.UserDefinedRoleMaker(current_id=0, role=fleet.Role.WORKER, worker_num=2)
            >>> role._worker_num(), role._is_first_worker()
            (2, True)
    """

    def __init__(self, is_collective=False, init_gloo=False, **kwargs):
        super().__init__(is_collective)
        self._rank_id = int(kwargs.get("current_id", 0))
        self._role = kwargs.get("role", Role.WORKER)
        self._trainer_eps = list(kwargs.get("worker_endpoints", []) or [])
        self._pserver_eps = list(kwargs.get("server_endpoints", []) or [])
        self._n_workers = int(kwargs.get("worker_num", len(self._trainer_eps) or 1))
        if self._role not in (Role.WORKER, Role.SERVER, Role.HETER_WORKER, Role.COORDINATOR):
            raise ValueError(f"UserDefinedRoleMaker: role must be a fleet.Role, but received {self._role!r}")
        if not 0 <= self._rank_id < max(1, self._n_workers) and self._role == Role.WORKER:
            raise ValueError(f"UserDefinedRoleMaker: current_id={self._rank_id} is outside worker_num="
                             f"{self._n_workers}")
