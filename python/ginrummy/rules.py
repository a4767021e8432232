"""Rule sets: presets, options by name or number, their descriptions."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Sequence, Tuple, Union

from ._handle import Handle, locked
from ._lib import ffi, lib, string
from .errors import GinRummyError, c_integer, check, c_text


def names_known(lookup: Callable[[bytes], int], candidates: Sequence[str]) -> List[str]:
    """The names among `candidates` that a gr_*_lookup function knows."""
    return [n for n in candidates if lookup(n.encode()) >= 0]


#: the presets of the loaded library, by name
PRESETS = names_known(lib.gr_preset_lookup,
                      ["fournier", "novelty", "standard", "openspiel", "eaai", "rummy"])


@dataclass(frozen=True)
class OptionInfo:
    """One rule option: its number, name, description and range."""
    option: int
    name: str
    description: str
    min: int
    max: int


def describe_options(describe: Callable[[int, Any], int]) -> List[OptionInfo]:
    """Every option a gr_*option_describe function knows, in number order."""
    out, i = [], 0
    info = ffi.new("gr_option_info *")
    while describe(i, info) == 0:
        out.append(OptionInfo(info.option, string(info.name), string(info.description),
                              info.min, info.max))
        i += 1
    return out


def options() -> List[OptionInfo]:
    """Every rule option the library knows, in number order."""
    return describe_options(lib.gr_option_describe)


class OptionTable(Handle):
    """Rule options by name or number, as a mapping (Gin's and Rummy's
    rules).  A subclass names its C functions in ``_fns``: lookup, get, set,
    describe."""

    _fns: Tuple[Any, ...] = ()

    #: why a value within its option's range may still be refused (the
    #: C function's documented reason), "" when only the range counts
    _conflict = ""

    def _option(self, name: Union[str, int]) -> int:
        if isinstance(name, str):
            num = self._fns[0](c_text(name, "name"))
            if num < 0:
                known = ", ".join(o.name for o in describe_options(self._fns[3]))
                check(num, f"option {name!r}: no such option (one of {known})")
            return int(num)
        return c_integer(name, "option number")

    def _set_error(self, num: int, name: Union[str, int], value: int) -> str:
        """Why setting option `num` to `value` was refused, for the
        InvalidArgument: its range, or else the options it conflicts with."""
        info = ffi.new("gr_option_info *")
        if self._fns[3](num, info) < 0:
            return f"option {name!r} = {value!r}: no such option number"
        lo, hi, what = int(info.min), int(info.max), string(info.name)
        if not lo <= value <= hi:
            return f"option {what!r} = {value!r}: outside its range {lo}..{hi}"
        return f"option {what!r} = {value!r}: {self._conflict or 'refused'}"

    @locked
    def __getitem__(self, name: Union[str, int]) -> int:
        out = ffi.new("int *")
        check(self._fns[1](self._p, self._option(name), out), f"option {name!r}")
        return int(out[0])

    @locked
    def __setitem__(self, name: Union[str, int], value: int) -> None:
        """Set an option; InvalidArgument says why a value is refused (its
        range, or the other options it does not go with)."""
        num = self._option(name)
        v = c_integer(value, f"option {name!r}")
        rc = self._fns[2](self._p, num, v)
        if rc < 0:
            check(rc, self._set_error(num, name, v))

    #: options set before the others when several are given at once (an
    #: option whose allowed values depend on them comes after)
    _first: Tuple[str, ...] = ()

    def _set_all(self, opts: Dict[str, int]) -> None:
        """Set every option of `opts`, in an order that does not depend on
        the order they are given in: those of _first first, then the rest;
        an option refused is tried again after the others, and the first
        refusal that remains is raised (the rules may then hold some of
        the options)."""
        order = [k for k in self._first if k in opts] + \
            [k for k in opts if k not in self._first]
        while order:
            failed: List[Tuple[str, Exception]] = []
            for k in order:
                try:
                    self[k] = opts[k]
                except GinRummyError as e:
                    failed.append((k, e))
            if not failed or len(failed) == len(order):
                if failed:
                    raise failed[0][1]
                return
            order = [k for k, _ in failed]

    def as_dict(self) -> Dict[str, int]:
        """Every option by name."""
        return {o.name: self[o.option] for o in describe_options(self._fns[3])}

    def __reduce__(self) -> Any:
        """Pickled as the class and every option by name (as_dict()): the
        copy reads the same option for option."""
        return (_options_table, (type(self), getattr(self, "preset", None), self.as_dict()))


def _options_table(cls: Any, preset: Any, values: Dict[str, int]) -> OptionTable:
    """Rules (or RummyRules) with every option of `values` set: the
    unpickling of OptionTable.__reduce__."""
    t: OptionTable = cls()
    for k, v in values.items():
        t[k] = v
    if preset is not None:
        t.preset = preset  # type: ignore[attr-defined]
    return t


class Rules(OptionTable):
    """A rule set: a preset and options set by name.

    >>> r = Rules("standard", knock_limit=7, gin_bonus=25)
    >>> r["knock_limit"], r.preset
    (7, 'standard')
    """

    _fns = (lib.gr_option_lookup, lib.gr_rules_get, lib.gr_rules_set, lib.gr_option_describe)
    _free = lib.gr_rules_free

    def __init__(self, preset: Union[str, int] = "fournier", **opts: int):
        if isinstance(preset, str):
            num = lib.gr_preset_lookup(c_text(preset, "preset"))
            check(num, f"preset {preset!r}")
            self.preset = preset.lower()
        else:
            num = c_integer(preset, "preset")
            self.preset = str(num)
        out = ffi.new("gr_rules **")
        check(lib.gr_rules_new(out, num), "rules")
        self._adopt(out[0])
        self._set_all(opts)

    @locked
    def copy(self) -> "Rules":
        """An independent copy (gr_rules_clone); ``copy.copy`` and
        ``copy.deepcopy`` give the same."""
        out = ffi.new("gr_rules **")
        check(lib.gr_rules_clone(out, self._p), "rules copy")
        new = Rules._wrap(out[0])
        new.preset = self.preset
        return new

    __copy__ = copy

    @locked
    def set_text(self, text: str) -> None:
        """Set an option from ``"NAME=VALUE"`` text, as a command line's --rule
        (gr_rules_set_text): ParseError or InvalidArgument, rules unchanged."""
        check(lib.gr_rules_set_text(self._p, c_text(text, "text")), f"rule {text!r}")

    def __repr__(self) -> str:
        return f"Rules({self.preset!r}, " + ", ".join(
            f"{k}={v}" for k, v in self.as_dict().items()) + ")"


RulesLike = Union[Rules, str, None]


def as_rules(rules: RulesLike, **opts: int) -> Rules:
    """`rules` as Rules: None the default preset, a preset name, or Rules
    (copied when options are given); TypeError for anything else."""
    if rules is None:
        return Rules(**opts)
    if isinstance(rules, str):
        return Rules(rules, **opts)
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be Rules, a preset name or None, "
                        f"not {type(rules).__name__}")
    if opts:
        rules = rules.copy()
        for k, v in opts.items():
            rules[k] = v
    return rules
