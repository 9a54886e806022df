"""Shared Dask clusters for the sweep tests: started once, by the tests themselves (no service
is needed beyond what these fixtures start)."""

import pytest

from verify.sweep.runner import close_client, local_client


def _client(workers: int):
    client = local_client(workers)
    yield client
    close_client(client, local=True)


@pytest.fixture(scope="session")
def client2():
    """A 2-worker LocalCluster (processes, one thread each)."""
    yield from _client(2)


@pytest.fixture(scope="session")
def client1():
    """A 1-worker LocalCluster."""
    yield from _client(1)


@pytest.fixture(scope="session")
def small_census_store(client2, tmp_path_factory):
    """STORE of the sweep of every function of 2 and 3 inputs at every input (2112 jobs)."""
    from verify.sweep.generators import parse_family
    from verify.sweep.runner import run_on_cluster
    from verify.sweep.store import Store

    path = tmp_path_factory.mktemp("census") / "store"
    jobs = list(parse_family("all:2")) + list(parse_family("all:3"))
    report = run_on_cluster(iter(jobs), len(jobs), Store(path, create=True), client2)
    assert report.computed == 2112 and not report.errors
    return path
