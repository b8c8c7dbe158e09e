"""``floorman serve --log-format json``: one JSON object a line, for a log
collector.  Every record has its time, level, logger and message; a
command's record (:mod:`floorman.server.metrics`) adds its tournament,
command, key, status and latency.  Nothing else a record carries is
written: a token or a card never reaches the log through an ``extra``.

The same configuration serves uvicorn (``log_config``, so its workers in
the cluster log alike) and a runner (``FLOORMAN_LOG_FORMAT`` in its
environment).
"""

from __future__ import annotations

import json
import logging
import logging.config
import time
from typing import Any

#: the environment variable the processes of one deployment share
ENV_FORMAT = "FLOORMAN_LOG_FORMAT"
FORMATS = ("text", "json")
#: the fields of a record written besides time, level, logger and message
FIELDS = ("tournament", "command", "key", "status", "latency_ms")


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in FIELDS:
            if name in record.__dict__:
                line[name] = record.__dict__[name]
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def logging_config(log_format: str, level: str = "warning") -> dict[str, Any] | None:
    """The ``logging.config.dictConfig`` for ``log_format`` (None for
    ``text``: uvicorn's own).  In JSON the commands are logged (INFO) whatever
    ``level`` says of the rest."""
    if log_format != "json":
        return None
    handler = {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"}
    quiet = {"handlers": ["json"], "level": level.upper(), "propagate": False}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": f"{__name__}.JsonFormatter"}},
        "handlers": {"json": handler},
        "loggers": {
            "uvicorn": quiet,
            "uvicorn.error": {"level": level.upper()},
            "uvicorn.access": quiet,
            "floorman": {"handlers": ["json"], "level": "INFO", "propagate": False},
        },
        "root": {"handlers": ["json"], "level": level.upper()},
    }


def configure(log_format: str, level: str = "warning") -> None:
    """This process's logging in ``log_format`` (a runner's; uvicorn
    applies :func:`logging_config` itself in the web processes)."""
    config = logging_config(log_format, level)
    if config is not None:
        logging.config.dictConfig(config)
