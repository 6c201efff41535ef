"""spaCy extraction on a Dask cluster (`kg build --engine dask [--scheduler ADDRESS]`).

Partitions send back the plain PaperFacts records, not graph shards: entity resolution (kg/resolve.py) is
corpus-wide (an acronym joins its long form only if exactly one paper in the corpus defines it, labels are
majority votes, IRI clashes get suffixes in a corpus-wide order), so N-Triples built per partition could not be
merged into the graph a local build makes. The driver gets the facts back in input order and builds the graph
once, exactly as the local engine does, so the outputs are byte-identical whatever the partitioning.

Workers need mlkg and the spaCy model installed. Each worker process loads the model on its first task and keeps
it; tasks in one process use it one at a time (spaCy pipelines are not documented as thread-safe), so give
workers one thread and more processes (`dask worker --nthreads 1 --nworkers N`).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Iterator, Sequence

import distributed

from extract.facts import Paper, PaperFacts
from extract.pipeline import PipelineInfo, extract_papers, load_pipeline, pipeline_info

#: Seconds to wait for the scheduler before giving up.
CONNECT_TIMEOUT = 5
#: Papers per partition at most, so that progress moves and a lost worker costs little.
MAX_PARTITION = 500

#: Per worker process: model name -> loaded pipeline; the lock serialises loading and use.
_PIPELINES: dict = {}
_LOCK = threading.Lock()


class DistributedError(Exception):
    """The cluster could not be reached, failed, or runs another pipeline than the driver; one line."""

    def __init__(self, message: str):
        super().__init__(" ".join(str(message).split()))


class DaskExtractor:
    """Callable as `kg.build.extract_all`'s extractor: papers in, their PaperFacts out in input order.

    It connects to `scheduler` (or starts a LocalCluster of `local_workers` one-thread processes when None) only
    when it first gets papers, so a build that is all cache hits never touches the cluster. `expected` is the
    driver's PipelineInfo: workers with another model or extractor version would poison the fact cache and the
    provenance, so they are an error. `connect_timeout` defaults to CONNECT_TIMEOUT. Close it (or use `with`) to
    disconnect and stop a cluster it started.
    """

    def __init__(self, model: str, scheduler: str | None = None, *, expected: PipelineInfo | None = None,
                 local_workers: int = 1, partitions: int | None = None,
                 connect_timeout: float | None = None):
        self.model = model
        self.scheduler = scheduler
        self.expected = expected
        self.local_workers = local_workers
        self.partitions = partitions
        self.connect_timeout = connect_timeout
        self._cluster: distributed.LocalCluster | None = None
        self._client: distributed.Client | None = None

    def __call__(self, papers: Sequence[Paper]) -> Iterator[PaperFacts]:
        if not papers:
            return
        client = self._connect()
        threads = sum(client.nthreads().values()) or 1
        count = self.partitions or max(4 * threads, math.ceil(len(papers) / MAX_PARTITION))
        size = math.ceil(len(papers) / min(count, len(papers)))
        futures = [client.submit(_extract_partition, self.model, list(papers[start:start + size]), pure=False)
                   for start in range(0, len(papers), size)]
        try:
            for future in futures:
                info, facts = future.result()
                if self.expected is not None and info != self.expected:
                    raise DistributedError(f"a Dask worker runs {_describe(info)} but this machine runs "
                                           f"{_describe(self.expected)}; install the same versions on both")
                yield from facts
        except distributed.KilledWorker as err:
            raise DistributedError(f"a Dask worker died while extracting (out of memory?): {err}") from err
        except OSError as err:  # lost connections (CommClosedError) and timeouts are OSErrors
            raise DistributedError(f"the Dask cluster failed: {err}") from err
        finally:
            client.cancel([future for future in futures if not future.done()])

    def _connect(self) -> distributed.Client:
        if self._client is not None:
            return self._client
        if self.scheduler is None:
            self._cluster = distributed.LocalCluster(n_workers=self.local_workers, threads_per_worker=1,
                                                     processes=True, dashboard_address=":0")
            self._client = distributed.Client(self._cluster, set_as_default=False)
            return self._client
        timeout = CONNECT_TIMEOUT if self.connect_timeout is None else self.connect_timeout
        try:
            self._client = distributed.Client(self.scheduler, timeout=timeout, set_as_default=False)
        except (OSError, ValueError) as err:  # ValueError: a malformed address
            raise DistributedError(f"cannot reach the Dask scheduler at {self.scheduler} "
                                   f"within {timeout:g} s: {err}") from err
        return self._client

    def close(self) -> None:
        if self._client is not None:
            self._client.close()
        if self._cluster is not None:
            self._cluster.close()
        self._client = self._cluster = None

    def __enter__(self) -> DaskExtractor:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _describe(info: PipelineInfo) -> str:
    return f"{info.model} {info.model_version} (spaCy {info.spacy_version}, extractor {info.extractor_version})"


def _extract_partition(model: str, papers: list[Paper]) -> tuple[PipelineInfo, list[PaperFacts]]:
    """Runs on a worker: the partition's facts, the model loaded on the process's first task only."""
    with _LOCK:
        nlp = _PIPELINES.get(model)
        if nlp is None:
            nlp = _PIPELINES[model] = load_pipeline(model)
        return pipeline_info(nlp), list(extract_papers(papers, nlp))
