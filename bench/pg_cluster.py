"""A throwaway PostgreSQL cluster in a temporary directory, reachable on a Unix socket only,
for the PostgreSQL source's tests and load benchmark. initdb refuses to run as root: as root
the cluster runs as the unprivileged `postgres` user (runuser), otherwise as the caller."""
from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile


def bin_dir() -> str:
    """The newest installed PostgreSQL's bin directory (Debian: /usr/lib/postgresql/N/bin)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if not found:
        raise RuntimeError("PostgreSQL is not installed: .ci/install-deps.sh installs postgresql and "
                           "postgresql-contrib")
    return os.path.dirname(found[-1])


def server_env() -> dict[str, str]:
    """The environment for the server's programs: without the sanitizer runtime the sanitizer
    passes preload into the tests (the server is not what they check)."""
    return {k: v for k, v in os.environ.items() if k not in ("LD_PRELOAD", "ASAN_OPTIONS", "TSAN_OPTIONS")}


class Cluster:
    """`with Cluster() as conninfo:` starts a cluster and stops and deletes it at the end."""

    def __init__(self, max_connections: int = 40, settings: tuple[str, ...] = ()) -> None:
        self.max_connections = max_connections
        self.settings = settings
        self.base = ""
        self.as_user: list[str] = []

    def _run(self, *args: str) -> None:
        subprocess.run(self.as_user + list(args), check=True, capture_output=True, text=True, env=server_env())

    def __enter__(self) -> str:
        bindir = bin_dir()
        self.base = tempfile.mkdtemp(prefix="sb-pg-")
        data = os.path.join(self.base, "data")
        if os.geteuid() == 0:
            user = pwd.getpwnam("postgres")
            os.chown(self.base, user.pw_uid, user.pw_gid)
            self.as_user = ["runuser", "-u", "postgres", "--"]
        try:
            self._run(os.path.join(bindir, "initdb"), "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8",
                      "--locale=C.UTF-8")
            options = [f"-k {self.base}", "-c listen_addresses=''", f"-c max_connections={self.max_connections}"]
            options += [f"-c {s}" for s in self.settings]
            self._run(os.path.join(bindir, "pg_ctl"), "-D", data, "-l", os.path.join(self.base, "log"), "-w",
                      "-t", "120", "-o", " ".join(options), "start")
        except BaseException:
            shutil.rmtree(self.base, ignore_errors=True)
            raise
        return f"host={self.base} user=postgres dbname=postgres"

    def __exit__(self, *exc: object) -> None:
        subprocess.run(self.as_user + [os.path.join(bin_dir(), "pg_ctl"), "-D", os.path.join(self.base, "data"),
                                       "-m", "immediate", "stop"], capture_output=True, env=server_env())
        shutil.rmtree(self.base, ignore_errors=True)
