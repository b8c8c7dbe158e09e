"""What the tournament's commands share: refusals, places and prizes, the
level events, the withdrawal of unconfirmed entries, breaking and
balancing (:class:`TournamentBase`, the base of
:class:`floorman.tournament.core.Tournament`).
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping

from floorman.engine.cards import RandBelow
from floorman.engine.clauses import clauses_for
from floorman.engine.errors import RuleViolation
from floorman.tournament import balancing
from floorman.tournament.errors import TournamentError
from floorman.tournament.events import (
    CarriedPotAwarded,
    Eliminated,
    Finished,
    LateRegistrationClosed,
    LevelChanged,
    Moved,
    PrizeAwarded,
    TableBroken,
    TournamentEvent,
    Withdrawn,
)
from floorman.tournament.money import Accounts, accounts_for, prize_pool_for, shares_for
from floorman.tournament.prizes import prize_table, shared_prizes
from floorman.tournament.state import ChipView, PlayerState, TournamentState


class TournamentBase(TournamentState):
    """The state with the steps every command shares."""

    def __init__(self) -> None:
        super().__init__()
        # each live table's view for balancing, kept between breaks and made
        # again only for the tables that changed (:meth:`_table_views`)
        self._views: dict[int, balancing.TableLoad] = {}

    @property
    def rulings(self) -> dict[str, str]:
        """The clauses this event's refusals cite, by its rulebook
        (:mod:`floorman.engine.clauses`): a German event cites no NM-*."""
        return clauses_for(self.profile)

    @property
    def floor_clause(self) -> str:
        """What a director's correction cites: the tournament director
        decides (OQ-03), under the Norwegian books by NM-D-1G."""
        return self.rulings["floor"]

    def _can(self, verify: Callable[..., None], *args: object, **kwargs: object) -> bool:
        """Whether ``verify`` (a ``verify_*`` method) lets the command pass:
        the ``can_*`` methods, which agree with the ``verify_*`` by
        construction."""
        try:
            verify(*args, **kwargs)
        except RuleViolation:
            return False
        return True

    def _fail(self, reason: str, clause: str, **details: object) -> TournamentError:
        return TournamentError(reason, clause=clause, **details)  # type: ignore[arg-type]

    def _player(self, player: str) -> PlayerState:
        state = self.players.get(player)
        if state is None:
            raise self._fail(
                "no player {player}",
                self.floor_clause,
                values={"player": repr(player)},
            )
        return state

    def _level_event(self, level: int, at: float) -> LevelChanged:
        lv = self.struct.playing_level(level - 1)
        small_blind, big_blind = self.profile.blinds_for(lv.ante)  # NM-H-2, OQ-28
        return LevelChanged(
            level=level,
            ante=lv.ante,
            small_blind=small_blind,
            big_blind=big_blind,
            at=at,
            is_break=lv.is_break,
        )

    @property
    def prize_pool(self) -> int:
        """The pool now: a fixed one, or the paid entries' buy-ins with the
        guarantee below them (:mod:`floorman.tournament.money`)."""
        s = self.struct
        return prize_pool_for(
            buy_in=s.buy_in,
            guarantee=s.guarantee,
            fixed=s.prize_pool,
            paid_entries=self.paid_entries,
        )

    @property
    def accounts(self) -> Accounts:
        """The entries' money: buy-ins, fees, the guarantee's top-up and the
        pool (:func:`floorman.tournament.money.accounts_for`)."""
        s = self.struct
        return accounts_for(
            buy_in=s.buy_in,
            fee=s.fee,
            guarantee=s.guarantee,
            fixed=s.prize_pool,
            paid_entries=self.paid_entries,
        )

    @property
    def payout_shares(self) -> tuple[int, ...]:
        """The payout table the number of entries chooses (fixed once
        registration is over, as the entries are)."""
        return shares_for(self.struct.payout_tables, self.struct.payout_shares, self.entries)

    def prize_table(self) -> list[tuple[int, float]]:
        """(amount, percent) per place the entrants can fill, the whole pool
        among them (OQ-39, OQ-69)."""
        return prize_table(
            self.struct, self.places_to_fill, pool=self.prize_pool, shares=self.payout_shares
        )

    def _shared_prizes(
        self, table: list[tuple[int, float]], place: int, group: list[str]
    ) -> list[tuple[str, int, float]]:
        """:func:`shared_prizes` rounded to the structure's payout unit (OQ-69)."""
        return shared_prizes(table, place, group, self.struct.payout_unit)

    def late_registration_open(self) -> bool:
        """Entries (and re-entries) are taken after the start until the end
        of the structure's ``late_registration_level``."""
        late = self.struct.late_registration_level
        return (
            self.status == "running"
            and late is not None
            and not self.late_registration_closed
            and self.level <= late
        )

    def _close_late_registration(self, *, force: bool = False) -> list[TournamentEvent]:
        """Once late registration's level has ended (or ``force``: the
        tournament ends with it), the field is final: the players out while
        it was open are placed from it in the order they went out, players
        out in one hand sharing (OQ-06), and paid what those places pay."""
        if not self.late_registration_pending or self.status != "running":
            return []
        if not force and self.late_registration_open():
            return []
        groups: list[list[str]] = []
        last_place: int | None = None
        for player, place in self.late_busts.items():  # in the order they went out
            if place == last_place and groups:
                groups[-1].append(player)
            else:
                groups.append([player])
            last_place = place
        places: dict[str, int] = {}
        shared: dict[str, int] = {}
        place = self.alive + 1
        for group in reversed(groups):
            for player in group:
                places[player], shared[player] = place, len(group)
            place += len(group)
        emitted: list[TournamentEvent] = [
            self._emit(LateRegistrationClosed(level=self.level, places=places, shared=shared))
        ]
        table = self.prize_table()
        place = self.alive + 1
        for group in reversed(groups):
            for player, amount, percent in self._shared_prizes(table, place, group):
                emitted.append(
                    self._emit(
                        PrizeAwarded(player=player, place=place, amount=amount, percent=percent)
                    )
                )
            place += len(group)
        return emitted

    def _min_table(self) -> int:
        return min(self.profile.table_min, self.struct.table_size)

    def _withdraw_unconfirmed(self, table: int | None = None) -> list[TournamentEvent]:
        """From the start of the level after ``unconfirmed_withdrawn_after_level``
        every still-unconfirmed entry is withdrawn: its chips leave play,
        the entry is cancelled - no elimination, no place, no prize, and it
        no longer counts among the entrants the places are paid to (DE-DEAL-4,
        OQ-46; OQ-39: an entry that never paid fills no paid place).  A
        player dealt into a running hand goes when that hand ends
        (``table``: the table whose hand just ended)."""
        if (
            not self.unconfirmed
            or self.status != "running"
            or self.level <= self.profile.unconfirmed_withdrawn_after_level
        ):
            return []
        emitted: list[TournamentEvent] = []
        for p in [self.players[player] for player in self.unconfirmed]:
            if p.confirmed or p.status != "playing":
                continue
            at = self.tables.get(p.table) if p.table is not None else None
            if at is not None and at.in_hand and p.player in at.dealt and at.table != table:
                continue  # at the end of his hand
            emitted.append(
                self._emit(
                    Withdrawn(
                        player=p.player, chips_removed=p.chips, table=p.table, level=self.level
                    )
                )
            )
        if emitted:
            emitted += self._pay_places_moved_up()
        return emitted

    def _pay_places_moved_up(self) -> list[TournamentEvent]:
        """After a withdrawal or a disqualification the players already out
        hold places one higher (OQ-39, OQ-69) and the payout table may be
        another one (fewer entries, fewer places to fill): each whose prize
        is now another is awarded it again.  While late
        registration is open places wait for the final field anyway."""
        if self.late_registration_pending:
            return []
        table = self.prize_table()
        groups: dict[int, list[str]] = {}
        for p in self.players.values():
            if p.status == "out" and p.place is not None:
                groups.setdefault(p.place, []).append(p.player)
        emitted: list[TournamentEvent] = []
        for place, group in sorted(groups.items()):
            group.sort(key=lambda player: -self.players[player].prize)  # the odd unit stays
            paid = self._shared_prizes(table, place, group) or [(p, 0, 0.0) for p in group]
            for player, amount, percent in paid:  # 0: a place the new table does not pay
                if self.players[player].prize != amount:
                    emitted.append(
                        self._emit(
                            PrizeAwarded(player=player, place=place, amount=amount, percent=percent)
                        )
                    )
        return emitted

    def _place(
        self,
        busted: list[str],
        start_stacks: Mapping[str, int],
        *,
        table: int | None,
        hand: int | None,
        where: Mapping[str, tuple[int, int]] | None = None,
    ) -> list[TournamentEvent]:
        """Players out in the same hand rank by their stacks at its start;
        equal stacks share the places and their prizes (OQ-06, NM-D-5).
        ``where``: each one's table and hand, when they were out at several
        tables in one hand-for-hand hand (OQ-71)."""
        if not busted:
            return []
        emitted: list[TournamentEvent] = self._close_late_registration()
        # while late registration is open a place is not final: paid when it closes
        paying = not self.late_registration_pending
        ranked = sorted(busted, key=lambda p: -start_stacks.get(p, 0))
        alive_after = self.alive - len(busted)
        place = alive_after + 1
        k = 0
        table_of_prizes = self.prize_table() if paying else []
        while k < len(ranked):
            group = [p for p in ranked if start_stacks.get(p, 0) == start_stacks.get(ranked[k], 0)]
            for player in group:
                at_table, in_hand = where[player] if where else (table, hand)
                emitted.append(
                    self._emit(
                        Eliminated(
                            player=player,
                            place=place,
                            table=at_table,
                            hand=in_hand,
                            shared=len(group),
                        )
                    )
                )
            for player, amount, percent in self._shared_prizes(table_of_prizes, place, group):
                emitted.append(
                    self._emit(
                        PrizeAwarded(player=player, place=place, amount=amount, percent=percent)
                    )
                )
            place += len(group)
            k += len(group)
        return emitted

    def _check_finish(self, at: float | None) -> list[TournamentEvent]:
        if self.status != "running" or self.alive > 1:
            return []
        emitted: list[TournamentEvent] = self._close_late_registration(force=True)
        if self.alive == 0:
            # Nobody left to win: every entry withdrawn or disqualified (DE-DEAL-4, OQ-46).
            return [*emitted, self._emit(Finished(winner=None, at=at))]
        winner = next(p.player for p in self.players.values() if p.status == "playing")
        emitted.append(self._emit(Finished(winner=winner, at=at)))
        for player, amount, percent in self._shared_prizes(self.prize_table(), 1, [winner]):
            emitted.append(
                self._emit(PrizeAwarded(player=player, place=1, amount=amount, percent=percent))
            )
        return emitted

    def rebalance(self, randbelow: RandBelow) -> list[TournamentEvent]:
        """Break or balance tables as the profile's switches require, moving
        players only from tables between hands (NM-D-1B, NM-H-16/17, DE-BREAK-*,
        DE-BALANCE-*, OQ-04, OQ-05, OQ-36, OQ-53, OQ-54)."""
        emitted: list[TournamentEvent] = []
        if self.status != "running" or not self.needs_balance:
            return emitted
        emitted += self._settle_stranded_pots()
        size = self.struct.table_size
        index = self.index
        for _ in range(len(self.players) + len(self.tables) + 1):
            if not balancing.may_need_action_by_sizes(self.profile, index.sizes, size):
                if not index.busy:
                    self.needs_balance = False
                break
            views = self._table_views()
            decisions = balancing.plan(self.profile, views, _Idle(index.busy), randbelow)
            if not decisions:
                if not index.busy:
                    self.needs_balance = False
                break
            for decision in decisions:
                for move in decision.moves:
                    emitted.append(
                        self._emit(
                            Moved(
                                player=move.player,
                                from_table=move.from_table,
                                from_seat=move.from_seat,
                                table=move.table,
                                seat=move.seat,
                                clause=move.clause,
                            )
                        )
                    )
                if decision.kind == "break":
                    emitted.append(
                        self._emit(
                            TableBroken(
                                table=decision.table,
                                clause=decision.clause,
                                chip_totals=decision.chip_totals,
                                spread=decision.spread,
                            )
                        )
                    )
        return emitted

    def _settle_stranded_pots(self) -> list[TournamentEvent]:
        """A check-pot held at a table where fewer than two players with
        chips are left can never be played for: the last player takes it,
        or it leaves play (OQ-10, NM-D-3B)."""
        emitted: list[TournamentEvent] = []
        # only a table holding a pot (busy) can hold a stranded one; in the tables' order
        holding = [n for n in self.index.busy if not self.tables[n].in_hand]
        if len(holding) > 1:
            order = {n: k for k, n in enumerate(self.tables)}
            holding.sort(key=order.__getitem__)
        for number in holding:
            state = self.tables[number]
            if not state.carried_pot:
                continue
            left = [p for p in state.seats.values() if self.players[p].chips > 0]
            if len(left) < 2:
                emitted.append(
                    self._emit(
                        CarriedPotAwarded(
                            table=number,
                            player=left[0] if left else None,
                            amount=state.carried_pot,
                        )
                    )
                )
        return emitted

    def _table_views(self) -> list[balancing.TableLoad]:
        """Seats hold only players with chips (the out and disqualified are
        unseated when they leave), so the views share the seat maps."""
        index = self.index
        views = self._views
        for number in index.changed:
            views.pop(number, None)
        index.changed.clear()
        missing = [n for n in index.live if n not in views]
        if missing:
            chips = ChipView(self.players)
            size = self.struct.table_size
            for number in missing:
                t = self.tables[number]
                positions = t.positions
                views[number] = balancing.TableLoad(
                    table=number,
                    seats=t.seats,
                    chips=chips,
                    capacity=size,
                    button=positions.button if positions else None,
                    big_blind=positions.big_blind if positions else None,
                    chip_total=index.total(number, t.seats, self.players),
                )
        return [views[n] for n in index.live]


class _Idle(Container[int]):
    """The tables between hands: every table not busy (no set of them all
    built for each question)."""

    __slots__ = ("_busy",)

    def __init__(self, busy: set[int]) -> None:
        self._busy = busy

    def __contains__(self, table: object) -> bool:
        return table not in self._busy
