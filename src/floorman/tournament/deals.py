"""Deals over the prize money left (OQ-34, OQ-73): where the organiser
allows them, the director proposes a chip chop or an ICM chop among the
players still in; each of them agrees (from his seat, or at a live event
as the director records it); when all have, the deal is made and play
ends.  One who declines, or the director, calls it off and play goes on.
No hand is dealt while a deal is proposed, so the chips it was computed
from stay as they are."""

from __future__ import annotations

from floorman.tournament.base import TournamentBase
from floorman.tournament.chops import MAX_DEAL_PLAYERS, METHODS, chop
from floorman.tournament.events import DealAgreed, DealMade, DealProposed, DealWithdrawn

#: what a refusal cites: no deal unless allowed (OQ-34), how one is made (OQ-73)
DEAL_CLAUSE = "OQ-34, OQ-73"


class DealMaking(TournamentBase):
    """The director's deal and the players' answers to it."""

    @property
    def deals_allowed(self) -> bool:
        """The organiser's choice for this tournament, else the profile's
        (off in every profile: OQ-34)."""
        chosen = self.struct.deals_allowed
        return self.profile.deals_allowed if chosen is None else chosen

    def deal_players(self) -> dict[str, int]:
        """The players still in with their chips, the biggest stack first
        (equal stacks in the order they entered)."""
        playing = [p for p in self.players.values() if p.status == "playing"]
        return {p.player: p.chips for p in sorted(playing, key=lambda p: -p.chips)}

    def prizes_left(self, players: int) -> tuple[int, ...]:
        """What places 1 to ``players`` pay (0 for a place the table does not pay)."""
        amounts = [amount for amount, _ in self.prize_table()][:players]
        return (*amounts, *(0,) * (players - len(amounts)))

    def verify_propose_deal(self, method: str) -> None:
        """A deal is proposed only where the organiser allows it (OQ-34),
        while the tournament runs with its places final (no late
        registration open), among 2 to 10 players none of whom is in a
        hand, with prize money left, one at a time (OQ-73)."""
        if not self.deals_allowed:
            raise self._fail(
                "deals are not allowed in this tournament: only the placing counts"
                " unless the organiser allows them",
                DEAL_CLAUSE,
            )
        if method not in METHODS:
            raise self._fail(
                "no deal {method}: a chip chop (chip) or an ICM chop (icm)",
                DEAL_CLAUSE,
                values={"method": repr(method)},
            )
        if self.status != "running" or self.late_registration_pending:
            raise self._fail(
                "a deal is made while the tournament runs and its places are final",
                DEAL_CLAUSE,
            )
        if self.deal is not None:
            raise self._fail("a deal is already proposed", DEAL_CLAUSE)
        players = self.deal_players()
        if not 2 <= len(players) <= MAX_DEAL_PLAYERS:
            raise self._fail(
                "a deal is made among 2 to {most} players, not {count}",
                DEAL_CLAUSE,
                values={"most": MAX_DEAL_PLAYERS, "count": len(players)},
            )
        for number, table in sorted(self.tables.items()):
            if table.in_hand and any(p in players for p in table.dealt):
                raise self._fail(
                    "the hand at table {table} is still running: propose the deal between hands",
                    DEAL_CLAUSE,
                    values={"table": number},
                )
        if sum(self.prizes_left(len(players))) <= 0:
            raise self._fail("there is no prize money left to share", DEAL_CLAUSE)

    def can_propose_deal(self, method: str) -> bool:
        return self._can(self.verify_propose_deal, method)

    def propose_deal(self, method: str, note: str = "") -> DealProposed:
        """The director's proposal: each player's share of the prize money
        left by ``method``, from his chips now (OQ-73)."""
        self.verify_propose_deal(method)
        chips = self.deal_players()
        prizes = self.prizes_left(len(chips))
        return self._emit(  # type: ignore[return-value]
            DealProposed(
                method=method,
                chips=chips,
                # in the organiser's payout unit, the rest to the biggest stack (OQ-75)
                amounts=chop(method, chips, prizes, self.struct.payout_unit),
                prize_money=sum(prizes),
                clause=DEAL_CLAUSE,
                note=note,
            )
        )

    def verify_answer_deal(self, player: str, by: str) -> None:
        """Only a player of the deal answers it, once; the director records
        an answer only at a live event, where the players have no seat
        page of their own to answer from (OQ-73)."""
        if self.deal is None:
            raise self._fail("no deal is proposed", DEAL_CLAUSE)
        if player not in self.deal.proposal.amounts:
            raise self._fail(
                "{player} is not in the deal", DEAL_CLAUSE, values={"player": repr(player)}
            )
        if player in self.deal.agreed:
            raise self._fail(
                "{player} has already agreed", DEAL_CLAUSE, values={"player": repr(player)}
            )
        if by == "director" and self.mode != "live":
            raise self._fail("online, each player answers the deal from the seat page", DEAL_CLAUSE)

    def answer_deal(
        self, player: str, agree: bool, *, by: str = "player", at: float | None = None
    ) -> DealAgreed | DealMade | DealWithdrawn:
        """``player`` agrees or declines.  Declined, the deal is off; with
        the last agreement it is made and play ends (OQ-73)."""
        self.verify_answer_deal(player, by)
        if not agree:
            return self._emit(DealWithdrawn(player=player, clause=DEAL_CLAUSE))  # type: ignore[return-value]
        agreed = self._emit(DealAgreed(player=player, by=by))
        assert self.deal is not None
        proposal = self.deal.proposal
        if set(proposal.amounts) != self.deal.agreed:
            return agreed  # type: ignore[return-value]
        chips = proposal.chips
        places = {p: 1 + sum(1 for c in chips.values() if c > chips[p]) for p in chips}
        return self._emit(  # type: ignore[return-value]
            DealMade(
                method=proposal.method,
                amounts=dict(proposal.amounts),
                places=places,
                clause=DEAL_CLAUSE,
                at=at,
            )
        )

    def withdraw_deal(self) -> DealWithdrawn:
        """The director calls the deal off; play goes on (OQ-73)."""
        if self.deal is None:
            raise self._fail("no deal is proposed", DEAL_CLAUSE)
        return self._emit(DealWithdrawn(clause=DEAL_CLAUSE))  # type: ignore[return-value]

    def deal_view(self) -> dict[str, object] | None:
        """The deal proposed (with who has agreed) or made, for the pages."""
        if self.deal is not None:
            proposal = self.deal.proposal
            return {
                "state": "proposed",
                "method": proposal.method,
                "prize_money": proposal.prize_money,
                "clause": proposal.clause,
                "players": [
                    {
                        "player": p,
                        "name": self.players[p].name,
                        "chips": chips,
                        "amount": proposal.amounts[p],
                        "agreed": p in self.deal.agreed,
                    }
                    for p, chips in proposal.chips.items()
                ],
            }
        made = self.deal_made
        if made is None:
            return None
        return {
            "state": "made",
            "method": made.method,
            "prize_money": sum(made.amounts.values()),
            "clause": made.clause,
            "players": [
                {
                    "player": p,
                    "name": self.players[p].name,
                    "place": made.places[p],
                    "amount": amount,
                    "agreed": True,
                }
                for p, amount in made.amounts.items()
            ],
        }


__all__ = ["DEAL_CLAUSE", "DealMaking"]
