"""Hand events sealed at rest: whoever can read the database does not learn
the deck or anyone's cards.

Each stored hand event is its JSON text sealed with AES-256-GCM (the
``cryptography`` package: a well-kept standard implementation, never our
own crypto).  The associated data names the hand and the event's sequence
number, so a row copied to another hand or another place in the same hand
no longer opens.  Rows written before sealing existed (plain JSON) still
read.

The key (32 random bytes) comes from, in this order:

1. ``FLOORMAN_SECRET_KEY``: the key in urlsafe base64;
2. ``FLOORMAN_SECRET_KEY_FILE``: a file holding it so;
3. a file SQLite database: ``<database>.key`` beside it, made with mode 0600
   on first use (the key is then as safe as that directory, yet a copy of
   the database alone reveals no card);
4. an in-memory SQLite database: a fresh key, gone with the data.

Any other database (PostgreSQL) without a key refuses to open: the key must
outlive a restart and be the same in every process reading the store, or a
running hand could never be resumed.

>>> seal = HandSeal(bytes(32))
>>> text = seal.close("t1-1-1", 0, {"type": "HoleCards", "cards": ["As", "Td"]})
>>> text.startswith(PREFIX) and "HoleCards" not in text  # a short card name may occur by chance
True
>>> seal.open("t1-1-1", 0, text)
{'type': 'HoleCards', 'cards': ['As', 'Td']}
>>> try:  # event 0 copied to place 1
...     seal.open("t1-1-1", 1, text)
... except StoredHandUnreadable as error:
...     print(error)
stored hand 't1-1-1' cannot be read (event 1): wrong key or altered row
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import logging
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from sqlalchemy.engine import make_url

from floorman.engine.errors import FloormanError

ENV_KEY = "FLOORMAN_SECRET_KEY"
ENV_KEY_FILE = "FLOORMAN_SECRET_KEY_FILE"
KEY_BYTES = 32
NONCE_BYTES = 12
#: marks a sealed row (a plain one is JSON and starts with "{")
PREFIX = "fm1:"

log = logging.getLogger(__name__)


class SecretKeyError(FloormanError):
    """No usable key for the store: the server does not start."""


class StoredHandUnreadable(FloormanError):
    """A stored hand event that does not open with this key."""


def new_key() -> str:
    """A fresh key in urlsafe base64, as ``FLOORMAN_SECRET_KEY`` takes it."""
    return base64.urlsafe_b64encode(AESGCM.generate_key(bit_length=256)).decode("ascii")


def parse_key(text: str, source: str) -> bytes:
    """The 32 bytes of a urlsafe-base64 key; ``source`` names where it came
    from in the error (never the key itself)."""
    text = text.strip()
    try:
        key = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        key = b""
    if len(key) != KEY_BYTES:
        raise SecretKeyError(
            "the secret key in {source} is not 32 bytes in urlsafe base64",
            values={"source": source},
        )
    return key


def _sqlite_file(url: str) -> Path | None:
    """The database file of a file SQLite URL; None for in-memory SQLite;
    raises ValueError for any other database."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        raise ValueError(parsed.get_backend_name())
    database = parsed.database or ""
    if database in ("", ":memory:") or parsed.query.get("mode") == "memory":
        return None
    return Path(database.removeprefix("file:"))


def _key_file_beside(database: Path) -> bytes:
    path = database.with_name(database.name + ".key")
    try:
        # O_EXCL: of two processes starting at once, one writes, both read it
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        if path.stat().st_mode & 0o077:
            log.warning("the key file %s can be read by others: chmod 600 it", path)
        return parse_key(path.read_text(encoding="ascii"), str(path))
    with os.fdopen(fd, "w", encoding="ascii") as file:
        file.write(new_key() + "\n")
    log.info("stored hands are sealed with the new key in %s", path)
    return parse_key(path.read_text(encoding="ascii"), str(path))


def resolve_key(url: str, environ: Mapping[str, str] | None = None) -> bytes:
    """The store's key, from the first source that has one (module doc)."""
    env = os.environ if environ is None else environ
    if env.get(ENV_KEY):
        return parse_key(env[ENV_KEY], ENV_KEY)
    if env.get(ENV_KEY_FILE):
        path = Path(env[ENV_KEY_FILE])
        try:
            text = path.read_text(encoding="ascii")
        except (OSError, UnicodeDecodeError):
            raise SecretKeyError(
                "the secret key file {path} cannot be read", values={"path": str(path)}
            ) from None
        return parse_key(text, str(path))
    try:
        database = _sqlite_file(url)
    except ValueError:
        raise SecretKeyError(
            "set FLOORMAN_SECRET_KEY or FLOORMAN_SECRET_KEY_FILE: stored hands are"
            " encrypted and a {backend} database needs a key that outlives a restart",
            values={"backend": make_url(url).get_backend_name()},
        ) from None
    if database is None:
        return AESGCM.generate_key(bit_length=256)
    return _key_file_beside(database)


def key_file_beside(url: str) -> Path | None:
    """Where a file SQLite database keeps its key by default (None: not a
    file SQLite database)."""
    try:
        database = _sqlite_file(url)
    except ValueError:
        return None
    return None if database is None else database.with_name(database.name + ".key")


def find_key(url: str, environ: Mapping[str, str] | None = None) -> tuple[bytes, str] | None:
    """The store's key and where it is kept (for a person: "the file …",
    "the environment variable …"), from the sources :func:`resolve_key`
    reads, without making one; None: no key anywhere yet."""
    env = os.environ if environ is None else environ
    if env.get(ENV_KEY):
        return parse_key(env[ENV_KEY], ENV_KEY), f"the environment variable {ENV_KEY}"
    if env.get(ENV_KEY_FILE):
        return resolve_key(url, env), f"the file {Path(env[ENV_KEY_FILE]).resolve()}"
    beside = key_file_beside(url)
    if beside is None or not beside.exists():
        return None
    return parse_key(
        beside.read_text(encoding="ascii"), str(beside)
    ), f"the file {beside.resolve()}"


class HandSeal:
    """Seals and opens stored hand events with one key."""

    def __init__(self, key: bytes) -> None:
        if len(key) != KEY_BYTES:
            raise SecretKeyError("the secret key must be 32 bytes")
        self._aead = AESGCM(key)
        self._key = key

    def derive(self, label: str) -> str:
        """A secret made from the key and ``label`` (the same label, the
        same secret, in every process sharing the key): a registration
        retried with its idempotency key gets the token it was first given."""
        digest = hmac.new(self._key, b"floorman derived\0" + label.encode(), hashlib.sha256)
        return base64.urlsafe_b64encode(digest.digest()[:18]).decode("ascii")

    def fingerprint(self) -> str:
        """Names the key without revealing it (a backup records it, so a
        restore given another key says so before it writes anything)."""
        return self.derive("key fingerprint")

    @staticmethod
    def _bound(hand_id: str, seq: int) -> bytes:
        """The associated data: the row's place, so rows cannot be swapped."""
        return json.dumps(["floorman hand event", hand_id, seq]).encode()

    def close(self, hand_id: str, seq: int, event: dict[str, Any]) -> str:
        """The stored text of event ``seq`` of hand ``hand_id``."""
        plain = json.dumps(event, separators=(",", ":")).encode()
        nonce = os.urandom(NONCE_BYTES)
        sealed = self._aead.encrypt(nonce, plain, self._bound(hand_id, seq))
        return PREFIX + base64.urlsafe_b64encode(nonce + sealed).decode("ascii")

    def open(self, hand_id: str, seq: int, text: str) -> dict[str, Any]:
        """The event stored as ``text``; a row from before sealing (plain
        JSON) as it is."""
        if text.startswith("{"):
            plain: dict[str, Any] = json.loads(text)
            return plain
        try:
            if not text.startswith(PREFIX):
                raise ValueError(text[:8])
            raw = base64.urlsafe_b64decode(text[len(PREFIX) :])
            data = self._aead.decrypt(
                raw[:NONCE_BYTES], raw[NONCE_BYTES:], self._bound(hand_id, seq)
            )
            event: dict[str, Any] = json.loads(data)
        except (InvalidTag, ValueError, binascii.Error):
            raise StoredHandUnreadable(
                "stored hand {hand} cannot be read (event {seq}): wrong key or altered row",
                values={"hand": repr(hand_id), "seq": seq},
            ) from None
        return event


__all__ = [
    "ENV_KEY",
    "ENV_KEY_FILE",
    "HandSeal",
    "SecretKeyError",
    "StoredHandUnreadable",
    "find_key",
    "key_file_beside",
    "new_key",
    "parse_key",
    "resolve_key",
]
