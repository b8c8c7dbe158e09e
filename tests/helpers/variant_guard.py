"""The check behind ``tests/test_variant_branching.py``: where code decides
by the game instead of asking its variant.

Python modules are read with :mod:`ast`, so a comment, a docstring or a
string never counts and a branch split over lines still does.  Flagged:

- a comparison (``==``, ``!=``, ``in``, ``is``, ``match``) of a game, that
  is ``x.game``, ``x["game"]``, ``x.get("game")`` or a name holding one
  (``game``, ``game_name``), against anything but another game
  (``first.game != cls.game`` checks a log against its own class: generic);
- a comparison with the literal ``"holdem"`` anywhere, or a dict keyed by it
  (a dispatch table by game);
- ``isinstance``/``issubclass``/``type(x) is`` on a game's classes (its hand
  or view part);
- ``hasattr``/``getattr`` of an attribute only some games have (computed
  from the games' classes, so a new game's attributes count too).

The browser's scripts are tokenized (comments dropped; strings, template
literals and regular expressions read as single tokens, a template's
``${…}`` read as code), and a comparison operator next to a game
(``.game``, ``["game"]``, a name with "game" in it) or the string
``"holdem"`` is flagged, as is ``switch`` on a game.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import inspect
import re
import textwrap
from collections.abc import Iterable

#: the literal that can only mean a game ("draw" is an action and a log line
#: too: it counts only when compared with a game)
GAME_ONLY_LITERALS = frozenset({"holdem"})
GAME_LITERALS = frozenset({"holdem", "draw"})


@functools.cache
def game_classes() -> frozenset[str]:
    """The names of the games' own classes: hands, view parts, variants."""
    from floorman.engine.variants import registered_variants

    names: set[str] = set()
    for variant in registered_variants():
        for cls in (variant.hand_class, variant.part_class, type(variant)):
            names.add(cls.__name__)
    return frozenset(names)


def _attributes(cls: type, stop: type = object) -> set[str]:
    """A class's attributes: those of the class and its bases up to
    ``stop`` (excluded), and those its methods assign to ``self``."""
    names = set(dir(cls))
    for base in cls.__mro__:
        if base is stop or base is object:
            break
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(base)))
        except (OSError, TypeError):
            continue
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.ctx, ast.Store)
                and isinstance(node.value, ast.Name)
                and node.value.id == "self"
            ):
                names.add(node.attr)
    return names


@functools.cache
def game_attributes() -> frozenset[str]:
    """Attributes some games' hands or view parts have and others lack."""
    from floorman.engine.betting import BettingHand
    from floorman.engine.seat_view import VariantPart
    from floorman.engine.variants import registered_variants

    hands = [_attributes(v.hand_class, BettingHand) for v in registered_variants()]
    parts = [
        {f.name for f in dataclasses.fields(v.part_class)}  # type: ignore[arg-type]
        for v in registered_variants()
    ]
    common = set.intersection(*hands) | _attributes(BettingHand)
    part_own = set.union(*parts) - set.intersection(*parts) - set(dir(VariantPart))
    own = (set.union(*hands) | part_own) - common
    return frozenset(name for name in own if not name.startswith("__"))


# ------------------------------------------------------------------ Python


def _is_game(node: ast.AST) -> bool:
    """Whether ``node`` reads a game: ``x.game``, ``x["game"]``,
    ``x.get("game")``, or a name such as ``game`` or ``game_name``."""
    if isinstance(node, ast.Attribute):
        return node.attr == "game"
    if isinstance(node, ast.Name):
        return "game" in node.id.lower().split("_")
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Constant) and node.slice.value == "game"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return (
            node.func.attr == "get"
            and bool(node.args)
            and isinstance(node.args[0], ast.Constant)
            and node.args[0].value == "game"
        )
    return False


def _literals(node: ast.AST) -> set[str]:
    """The string constants of ``node`` (one, or a tuple/list/set of them)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return set().union(*(_literals(e) for e in node.elts)) if node.elts else set()
    return set()


def _class_names(node: ast.AST) -> set[str]:
    if isinstance(node, ast.Name):
        return {node.id}
    if isinstance(node, ast.Attribute):
        return {node.attr}
    if isinstance(node, ast.Tuple):
        return set().union(*(_class_names(e) for e in node.elts)) if node.elts else set()
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _class_names(node.left) | _class_names(node.right)
    return set()


def python_branches(
    source: str,
    *,
    classes: Iterable[str] | None = None,
    attributes: Iterable[str] | None = None,
) -> list[str]:
    """The lines of ``source`` that branch on the game, with why."""
    classes = frozenset(game_classes() if classes is None else classes)
    attributes = frozenset(game_attributes() if attributes is None else attributes)
    found: list[str] = []

    def flag(node: ast.AST, why: str) -> None:
        found.append(f"line {getattr(node, 'lineno', '?')}: {why}: {ast.unparse(node)[:80]}")

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            games = [o for o in operands if _is_game(o)]
            others = [o for o in operands if not _is_game(o)]
            if games and others:
                flag(node, "a comparison of the game")
            elif any(_literals(o) & GAME_ONLY_LITERALS for o in operands):
                flag(node, "a comparison with a game's name")
        elif isinstance(node, ast.Match) and _is_game(node.subject):
            flag(node, "a match on the game")
        elif isinstance(node, ast.Dict):
            keys = set().union(*(_literals(k) for k in node.keys if k is not None))
            if keys & GAME_ONLY_LITERALS:
                flag(node, "a table keyed by game")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            name, args = node.func.id, node.args
            if name in ("isinstance", "issubclass") and len(args) == 2:
                if _class_names(args[1]) & classes:
                    flag(node, f"{name} on a game's class")
            elif (
                name in ("hasattr", "getattr")
                and len(args) >= 2
                and isinstance(args[1], ast.Constant)
                and args[1].value in attributes
            ):
                flag(node, f"{name} of an attribute only some games have")
    for node in ast.walk(ast.parse(source)):  # type(x) is HoldemHand
        if (
            isinstance(node, ast.Compare)
            and isinstance(node.left, ast.Call)
            and isinstance(node.left.func, ast.Name)
            and node.left.func.id == "type"
            and any(_class_names(c) & classes for c in node.comparators)
        ):
            flag(node, "type() of a game's class")
    return found


# ------------------------------------------------------------------ JavaScript

_COMPARISONS = frozenset({"===", "==", "!==", "!="})
_PUNCTUATION = re.compile(r"===|!==|==|!=|<=|>=|=>|&&|\|\||\?\?|\?\.|\.\.\.|[^\s\w$]")
_WORD = re.compile(r"[\w$]+")
#: after these a "/" starts a regular expression, not a division
_BEFORE_REGEX = frozenset("(,=:[!&|?{};+-*%<>~^") | {"return", "typeof", "case", "=>", ""}


def js_tokens(source: str) -> list[tuple[str, str]]:
    """(kind, text) tokens: "word", "punct", "string" (its text unquoted) and
    "regex"; comments dropped; a template's ``${…}`` tokenized as code."""
    tokens: list[tuple[str, str]] = []
    i, n = 0, len(source)
    while i < n:
        c = source[i]
        if c.isspace():
            i += 1
        elif source.startswith("//", i):
            i = source.find("\n", i) if "\n" in source[i:] else n
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            i = n if end < 0 else end + 2
        elif c in "'\"":
            j = i + 1
            while j < n and source[j] != c:
                j += 2 if source[j] == "\\" else 1
            tokens.append(("string", source[i + 1 : j]))
            i = j + 1
        elif c == "`":
            i = _template(source, i + 1, tokens)
        elif c == "/" and (not tokens or tokens[-1][1] in _BEFORE_REGEX):
            j, in_class = i + 1, False
            while j < n and (in_class or source[j] != "/"):
                if source[j] == "\\":
                    j += 1
                elif source[j] == "[":
                    in_class = True
                elif source[j] == "]":
                    in_class = False
                j += 1
            tokens.append(("regex", source[i : j + 1]))
            i = j + 1
            while i < n and source[i].isalpha():  # flags
                i += 1
        elif (word := _WORD.match(source, i)) is not None:
            tokens.append(("word", word.group()))
            i = word.end()
        else:
            punct = _PUNCTUATION.match(source, i)
            assert punct is not None
            tokens.append(("punct", punct.group()))
            i = punct.end()
    return tokens


def _template(source: str, i: int, tokens: list[tuple[str, str]]) -> int:
    """Read a template literal from just after its backtick: its text as one
    string token, each ``${…}`` as the code it is."""
    text: list[str] = []
    n = len(source)
    while i < n and source[i] != "`":
        if source[i] == "\\":
            text.append(source[i : i + 2])
            i += 2
        elif source.startswith("${", i):
            depth, j = 1, i + 2
            while j < n and depth:
                depth += {"{": 1, "}": -1}.get(source[j], 0)
                j += 1
            tokens.extend(js_tokens(source[i + 2 : j - 1]))
            i = j
        else:
            text.append(source[i])
            i += 1
    tokens.append(("string", "".join(text)))
    return i + 1


_OPENERS = {")": "(", "]": "[", "}": "{"}
_CLOSERS = {v: k for k, v in _OPENERS.items()}


def _operand(tokens: list[tuple[str, str]], k: int, step: int) -> list[tuple[str, str]]:
    """The tokens of the operand that ends (``step`` -1) or starts (+1) at
    ``k``: a chain of names, member accesses, calls and subscripts."""
    taken: list[tuple[str, str]] = []
    depth, want_link = 0, False
    brackets = _OPENERS if step < 0 else _CLOSERS
    while 0 <= k < len(tokens):
        kind, text = tokens[k]
        if depth:
            depth += 1 if text in brackets else -1 if text in brackets.values() else 0
        elif text in brackets:
            depth = 1
        elif want_link and text not in (".", "?."):
            if step > 0 and text in ("(", "["):
                depth = 1
            else:
                break
        elif kind in ("word", "string") or text in (".", "?."):
            pass
        else:
            break
        taken.append((kind, text))
        want_link = depth == 0 and kind in ("word", "string", "punct") and text not in (".", "?.")
        if step < 0 and text in ("(", "[") and depth == 0:
            want_link = False
        k += step
    return taken


def _js_game(tokens: list[tuple[str, str]], k: int, *, before: bool) -> bool:
    """Whether the operand that ends (``before``) or starts at ``k`` reads
    a game: ``x.game``, ``x["game"]``, a name with "game" in it."""
    for kind, text in _operand(tokens, k, -1 if before else 1):
        if (kind == "word" and "game" in text.lower()) or (kind, text) == ("string", "game"):
            return True
    return False


def js_branches(source: str) -> list[str]:
    tokens = js_tokens(source)
    found: list[str] = []
    for k, (kind, text) in enumerate(tokens):
        if kind == "punct" and text in _COMPARISONS:
            left, right = tokens[k - 1] if k else ("", ""), tokens[k + 1 : k + 2]
            literal = {left[1] if left[0] == "string" else ""} | {
                t[1] for t in right if t[0] == "string"
            }
            if (
                _js_game(tokens, k - 1, before=True)
                or _js_game(tokens, k + 1, before=False)
                or literal & GAME_ONLY_LITERALS
            ):
                context = " ".join(t[1] for t in tokens[max(0, k - 4) : k + 3])
                found.append(f"a comparison of the game: {context}")
        elif kind == "word" and text == "switch":
            j = k + 2
            while j < len(tokens) and tokens[j][1] != ")":
                j += 1
            if j > k + 2 and _js_game(tokens, j - 1, before=True):
                found.append("a switch on the game")
        elif kind == "word" and text == "case" and tokens[k + 1 : k + 2] == [("string", "holdem")]:
            found.append("a case of a game's name")
    return found
