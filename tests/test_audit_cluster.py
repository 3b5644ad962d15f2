"""`floorman audit --scheduler`: the audit as tasks on a Dask cluster (the extra floorman[cluster]).

An in-process LocalCluster of 2 workers, then a real `dask scheduler` and two `dask worker`
processes on localhost, started here: the results equal the local run hand for hand, and with
one worker killed mid-run they are still complete, none lost and none twice. ./dev installs the
extra, so under CI=true these tests must run, never skip."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from floorman.audit import audit_inputs
from floorman.audit.reading import pieces
from shared_hands import shared_files

try:
    import distributed
except ImportError:   # pragma: no cover - ./dev installs the cluster extra
    if os.environ.get("CI") == "true":
        raise
    pytest.skip("the cluster extra (dask.distributed) is not installed: pip install -e '.[cluster]'",
                allow_module_level=True)


def key(result: dict) -> tuple:
    return result["file"], result["line"]


def local_results(inputs: list[str]) -> list[dict]:
    return sorted((audit.to_json() for audit in audit_inputs(inputs)), key=key)


def test_a_local_cluster_of_two_workers_gives_the_local_results(tmp_path):
    from floorman.audit.cluster import audit_on_cluster

    files = shared_files()
    bad = tmp_path / "truncated.phhs"
    bad.write_bytes(Path(files[0]).read_bytes()[:3000])
    inputs = [*files, str(bad)]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,  # noqa: SIM117 - the stream spans the run only
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        # small pieces: many tasks, spread over both workers
        with distributed.get_task_stream(client) as stream:
            on_cluster = [audit.to_json() for audit in audit_on_cluster(pieces(inputs, 16), client)]
    assert sorted(on_cluster, key=key) == local_results(inputs)
    assert len(on_cluster) == 1055 + 4
    assert len({task["worker"] for task in stream.data}) == 2


class Cluster:
    """A real `dask scheduler` and `dask worker` processes on localhost (no nanny: a worker
    killed stays dead, as a lost machine does)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.dask = str(Path(sys.executable).with_name("dask"))
        self.file = folder / "scheduler.json"
        self.processes: dict[str, subprocess.Popen] = {}

    def start(self, workers: int) -> str:
        self._spawn("scheduler", [self.dask, "scheduler", "--scheduler-file", str(self.file), "--host", "127.0.0.1",
                                  "--port", "0", "--no-dashboard"])
        deadline = time.monotonic() + 120
        while not self.file.exists():
            assert time.monotonic() < deadline, self._logs()
            assert self.processes["scheduler"].poll() is None, self._logs()
            time.sleep(0.2)
        for n in range(1, workers + 1):
            self._spawn(f"w{n}", [self.dask, "worker", "--scheduler-file", str(self.file), "--name", f"w{n}",
                                  "--nthreads", "1", "--no-nanny", "--no-dashboard", "--memory-limit", "0",
                                  "--host", "127.0.0.1"])
        with distributed.Client(scheduler_file=str(self.file), timeout="60s") as client:
            client.wait_for_workers(workers, timeout=180)
            return client.scheduler.address

    def _spawn(self, name: str, command: list[str]) -> None:
        log = open(self.folder / f"{name}.log", "w")  # noqa: SIM115 - open while the process runs
        # as docs/audit.md starts them: few messages kept per connection (each carries a piece)
        environment = dict(os.environ, DASK_DISTRIBUTED__ADMIN__LOW_LEVEL_LOG_LENGTH="20",
                           DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED="False")
        self.processes[name] = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=self.folder,
                                                env=environment)

    def kill(self, name: str) -> None:
        self.processes[name].send_signal(signal.SIGKILL)
        self.processes[name].wait(timeout=30)

    def stop(self) -> None:
        """Every process this test started, by its own handle: they keep nothing worth a clean
        shutdown (which takes a worker many seconds once its scheduler is gone)."""
        for process in self.processes.values():
            if process.poll() is None:
                process.kill()
            process.wait(timeout=30)

    def _logs(self) -> str:
        return "\n".join(f"--- {p.name}\n{p.read_text()[-2000:]}" for p in sorted(self.folder.glob("*.log")))


@pytest.fixture
def real_cluster(tmp_path):
    cluster = Cluster(tmp_path)
    try:
        yield cluster
    finally:
        cluster.stop()


def floorman_command() -> str:
    return str(Path(sys.executable).with_name("floorman"))


def copies(folder: Path, times: int) -> list[str]:
    """The shared files `times` over under other names: more hands, each one once."""
    out = []
    for n in range(times):
        for path in shared_files():
            target = folder / f"copy{n}-{Path(path).name}"
            shutil.copyfile(path, target)
            out.append(str(target))
    return out


def test_dask_scheduler_and_two_worker_processes_give_the_local_results(real_cluster, tmp_path):
    address = real_cluster.start(workers=2)
    inputs = shared_files()
    done = subprocess.run([floorman_command(), "audit", *inputs, "--scheduler", address, "--jsonl"],
                          capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert done.returncode == 1, done.stderr      # two shared hands are irregular, as locally
    *lines, summary = map(json.loads, done.stdout.splitlines())
    assert sorted((dict(r, profile=None) for r in lines), key=key) == \
        [dict(r, profile=None) for r in local_results(inputs)]
    assert summary["summary"] == {"irregular": 2, "unreadable": 0, "incomplete": 3, "departure": 26, "clean": 1024}


def test_a_worker_killed_mid_run_loses_no_hand_and_counts_none_twice(real_cluster, tmp_path):
    address = real_cluster.start(workers=2)
    folder = tmp_path / "hands"
    folder.mkdir()
    inputs = copies(folder, 3)          # 3,165 hands: seconds of work per worker
    errors = open(tmp_path / "audit.err", "w+")  # noqa: SIM115 - open while the audit runs
    audit = subprocess.Popen([floorman_command(), "audit", str(folder), "--scheduler", address, "--jsonl"],
                             stdout=subprocess.PIPE, stderr=errors, text=True, cwd=tmp_path)
    try:
        first = audit.stdout.readline()
        assert first, (tmp_path / "audit.err").read_text()
        with distributed.Client(address, timeout="30s") as client:
            busy = {info["name"]: len(client.processing().get(worker, ()))
                    for worker, info in client.scheduler_info()["workers"].items()}
        victim = max(busy, key=busy.get)
        assert busy[victim] > 0          # it holds tasks when it dies
        real_cluster.kill(victim)
        rest = audit.stdout.read()
        audit.wait(timeout=600)
    finally:
        if audit.poll() is None:
            audit.kill()
            audit.wait()
    assert audit.returncode == 1, (tmp_path / "audit.err").read_text()
    *lines, summary = map(json.loads, (first + rest).splitlines())
    results = sorted((dict(r, profile=None) for r in lines), key=key)
    assert len(results) == len({key(r) for r in results}) == 3 * 1055        # none lost, none twice
    assert results == [dict(r, profile=None) for r in local_results(inputs)]
    assert summary["summary"]["irregular"] == 3 * 2 and sum(summary["summary"].values()) == 3 * 1055


def test_a_scheduler_that_cannot_be_reached_is_a_usage_error(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from floorman.audit import cluster
    from floorman.cli.app import app

    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", "1s")
    hand = shared_files()[0]
    result = CliRunner().invoke(app, ["audit", hand, "--scheduler", "tcp://127.0.0.1:9"])
    assert result.exit_code == 2 and "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in result.output
    result = CliRunner().invoke(app, ["audit", hand, "--scheduler", "tcp://127.0.0.1:9", "--jobs", "2"])
    assert result.exit_code == 2 and "--jobs" in result.output
