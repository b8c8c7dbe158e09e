"""Reading a scrape of ``/metrics`` (issue 28): every sample by its name and
labels."""

from __future__ import annotations

from prometheus_client.parser import text_string_to_metric_families

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def samples_of(text: str) -> Samples:
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def value(samples: Samples, name: str, **labels: str) -> float:
    """A sample's value; 0 for one not (yet) there, as Prometheus reads a
    counter not yet incremented."""
    return samples.get((name, frozenset(labels.items())), 0.0)
