"""A model of OpenSpiel's gin_rummy state machine, written for these tests
from reading open_spiel/games/gin_rummy/gin_rummy.cc (not a copy): its
phases, legal actions, the 644-float observation and Returns(), in
OpenSpiel's card ids.  Deadwood is computed exactly (with the library), not
by OpenSpiel's meld-group search, which can differ for 11 cards.
"""
import ginrummy as gr
from ginrummy.env import card_from_openspiel, meld_cards, MELD_BASE

DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK = 52, 53, 54, 55
KNOCK_CARD, GIN_BONUS, UNDERCUT_BONUS = 10, 25, 25


def _os_cards(ids):
    return gr.Cards([card_from_openspiel(i) for i in ids])


def _value(ids):
    return sum(min(10, i % 13 + 1) for i in ids)


def _min_deadwood(ids):
    return gr.deadwood(_os_cards(ids))


def _min_deadwood_11(ids):
    return min(_min_deadwood(ids - {c}) for c in ids)


_MELD_IDS = {}


def meld_set(mid):
    if mid not in _MELD_IDS:
        _MELD_IDS[mid] = frozenset(gr.env.card_to_openspiel(c) for c in meld_cards(mid))
    return _MELD_IDS[mid]


class OpenSpielModel:
    def __init__(self, deck, oklahoma=False):
        """deck: 52 library cards as gr_game_new_from_deck takes them with
        player 1 dealing (player 0 gets deck[0, 2, .., 18]).  oklahoma:
        OpenSpiel's parameter: the knock card is the upcard's value (an
        ace 0: gin only) and nothing is doubled."""
        os = [gr.env.card_to_openspiel(c) for c in deck]
        self.knock_card = KNOCK_CARD
        if oklahoma:
            self.knock_card = _value([os[20]])
            if self.knock_card == 1:
                self.knock_card = 0
        self.hands = [set(os[0:20:2]), set(os[1:20:2])]
        self.upcard = os[20]
        self.stock = os[21:]            # top first
        self.pile = []
        self.phase = "FirstUpcard"
        self.cur = 0
        self.passed = [False, False]
        self.knocked = [False, False]
        self.melds = [[], []]
        self.layoffs = []
        self.finished_layoffs = False
        self.draw_upcards = 0
        self.truncated = False

    # -- legal actions -------------------------------------------------------

    def legal(self):
        h = self.hands[self.cur]
        if self.phase == "FirstUpcard":
            return {DRAW_STOCK} if all(self.passed) else {DRAW_UPCARD, PASS}
        if self.phase == "Draw":
            return {DRAW_UPCARD, DRAW_STOCK}
        if self.phase == "Discard":
            out = set(h)
            if _min_deadwood_11(h) <= self.knock_card:
                out.add(KNOCK)
            return out
        if self.phase == "Knock":
            if len(h) == 11:
                return {c for c in h if _min_deadwood(h - {c}) <= self.knock_card}
            out = {MELD_BASE + m for m in range(185)
                   if meld_set(m) <= h and _min_deadwood(h - meld_set(m)) <= self.knock_card}
            if _value(h) <= self.knock_card:
                out.add(PASS)
            return out
        if self.phase == "Layoff":
            if not self.finished_layoffs:
                return {PASS} | (self._all_layoffs() & h)
            return {PASS} | {MELD_BASE + m for m in range(185) if meld_set(m) <= h}
        if self.phase == "Wall":
            out = {PASS}
            if _min_deadwood_11(h | {self.upcard}) <= self.knock_card:
                out.add(KNOCK)
            return out
        return set()

    def _all_layoffs(self):
        """OpenSpiel's AllLayoffs: the 4th card of a 3-card set; a run's
        ends, once extended by a previous layoff at an original end."""
        out = set()
        k = 1 - self.cur
        for mid in self.melds[k]:
            m = meld_set(mid)
            ranks = {c % 13 for c in m}
            if len(ranks) == 1:
                if len(m) == 3:
                    suit = ({0, 1, 2, 3} - {c // 13 for c in m}).pop()
                    out.add(suit * 13 + ranks.pop())
                continue
            ends = self._ends(m)
            ext = set(m) | {c for c in self.layoffs if c in ends}
            out |= self._ends(ext)
        return out

    @staticmethod
    def _ends(m):
        lo, hi = min(m), max(m)
        return ({lo - 1} if lo % 13 > 0 else set()) | ({hi + 1} if hi % 13 < 12 else set())

    # -- applying ------------------------------------------------------------------

    def step(self, a):
        assert a in self.legal(), (self.phase, a)
        h = self.hands[self.cur]
        if self.phase in ("FirstUpcard", "Draw"):
            if a == PASS:
                self.passed[self.cur] = True
                self.cur = 1 - self.cur
                return
            if a == DRAW_UPCARD:
                if self.phase == "Draw":
                    self.draw_upcards += 1
                    if self.draw_upcards == 50:
                        self.phase, self.truncated = "GameOver", True
                        return
                h.add(self.upcard)
            else:
                self.pile.append(self.upcard)
                h.add(self.stock.pop(0))
            self.upcard = None
            self.phase = "Discard"
        elif self.phase == "Discard":
            if a == KNOCK:
                self.knocked[self.cur] = True
                self.phase = "Knock"
                return
            h.remove(a)
            self.upcard = a
            self.cur = 1 - self.cur
            self.phase = "Wall" if len(self.stock) == 2 else "Draw"
        elif self.phase == "Knock":
            if len(h) == 11:
                h.remove(a)
                self.pile.append(a)
            elif a == PASS:
                if _value(h) == 0:
                    self.finished_layoffs = True
                self.cur = 1 - self.cur
                self.phase = "Layoff"
            else:
                self.melds[self.cur].append(a - MELD_BASE)
                h -= meld_set(a - MELD_BASE)
        elif self.phase == "Layoff":
            if not self.finished_layoffs:
                if a == PASS:
                    self.finished_layoffs = True
                else:
                    self.layoffs.append(a)
                    h.remove(a)
            elif a == PASS:
                self.phase = "GameOver"
            else:
                self.melds[self.cur].append(a - MELD_BASE)
                h -= meld_set(a - MELD_BASE)
        elif self.phase == "Wall":
            if a == PASS:
                self.phase = "GameOver"
            else:
                h.add(self.upcard)
                self.upcard = None
                self.knocked[self.cur] = True
                self.phase = "Knock"

    # -- results ------------------------------------------------------------------

    def over(self):
        return self.phase == "GameOver"

    def returns(self):
        if self.phase != "GameOver" or not any(self.knocked):
            return [0, 0]
        k = self.knocked.index(True)
        dw = [_value(self.hands[0]), _value(self.hands[1])]
        r = dw[1 - k] - dw[k]
        if dw[k] == 0:
            r += GIN_BONUS
        if r < 0:
            r -= UNDERCUT_BONUS
        out = [0, 0]
        out[k], out[1 - k] = r, -r
        return out

    def observation(self, p):
        o = [0.0] * 644
        o[p] = 1
        for c in self.hands[p]:
            o[2 + 52 * p + c] = 1
        o[106 + self.cur] = 1
        for i in range(self.knock_card):
            o[108 + i] = 1
        if self.upcard is not None:
            o[118 + self.upcard] = 1
        for c in self.pile:
            o[170 + c] = 1
        for i in range(len(self.stock)):
            o[222 + i] = 1
        for q in range(2):
            for m in self.melds[q]:
                o[274 + 185 * q + m] = 1
        return o
