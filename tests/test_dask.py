"""Dask as the executor beyond one machine (docs/simulate.md): a LocalCluster gives the serial run's records."""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator

import pytest

from dos_lab.bots import GreedyBot, TacticianBot
from dos_lab.rules import RuleSet
from dos_lab.simulate import SerialExecutor, play_games

distributed = pytest.importorskip("dask.distributed", reason="Dask is optional: pip install 'dos_lab[dask]'")

BOTS = [GreedyBot, TacticianBot]
QUICK = RuleSet(target_score=60)


@pytest.fixture(scope="module")
def client() -> Iterator[distributed.Client]:
    # two small worker processes, as on a real cluster: tasks and records travel pickled
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=logging.ERROR) as cluster, distributed.Client(cluster) as client:
        yield client


def test_a_local_cluster_gives_the_serial_records(client: distributed.Client) -> None:
    serial = play_games(BOTS, 16, seed=11, executor=SerialExecutor(), rules=QUICK)
    on_dask = play_games(BOTS, 16, seed=11, executor=client.get_executor(), rules=QUICK, chunk_size=3)
    assert on_dask == serial
    by_name = play_games(["greedy", "tactician"], 4, seed=11, executor=client.get_executor(), rules=QUICK)
    assert by_name == serial[:4]


def test_a_dask_batch_can_be_stopped(client: distributed.Client) -> None:
    stop = threading.Event()
    records = play_games(BOTS, 40, seed=11, executor=client.get_executor(), rules=QUICK, chunk_size=2,
                         on_chunk=lambda chunk: stop.set(), stop=stop)
    serial = play_games(BOTS, 40, seed=11, executor=SerialExecutor(), rules=QUICK)
    assert 2 <= len(records) < 40 and all(r == serial[r.index] for r in records)
