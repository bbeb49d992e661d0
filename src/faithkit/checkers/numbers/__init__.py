"""Numbers: extraction, the claim-number analysis, the bounded derivation search and the checker stage.

One package, read top-down:
    quantity.py    the ``Quantity`` record, units, and when two quantities are the same amount
    scan.py        word lists and look-around helpers;  extract.py  every quantity in a text, and rates
    algebra.py     which operations on which units a reader accepts;  operands.py  the search's records
    derivation.py  the bounded search;  justify.py  the coincidence guard;  pool.py  the operands a claim may use
    analysis.py    each claim number's status;  reduce.py  what the inner checker still judges
    worked.py      the claim as written on its operands' sentences and its arithmetic;  version.py  STAGE_VERSION
    clock.py       times of day the sources never state (the scanner skips clock times)
    operand_conditions.py  an amount used where its sentence says it does not apply;  misstated.py  an amount
                   the claim states where its arithmetic uses another
    stage.py       ``NumberChecks``, the checker that applies the rules
"""

from faithkit.checkers.numbers.analysis import (
    NumberReport,
    NumberStatus,
    analyse_claim_numbers,
    numbers_not_in_sources,
)
from faithkit.checkers.numbers.derivation import claim_work_bound, find_derivations, work_bound
from faithkit.checkers.numbers.extract import extract_quantities, rate_of, skipped_numerals
from faithkit.checkers.numbers.operands import Derivation, Operand, SearchResult
from faithkit.checkers.numbers.pool import build_pool
from faithkit.checkers.numbers.quantity import Quantity, compatible_units, dimension, number_text, same_amount
from faithkit.checkers.numbers.reduce import RestOfClaim, reduced_claim, rest_of_claim
from faithkit.checkers.numbers.stage import NumberChecks

__all__ = [
    "Derivation",
    "NumberChecks",
    "NumberReport",
    "NumberStatus",
    "Operand",
    "Quantity",
    "RestOfClaim",
    "SearchResult",
    "analyse_claim_numbers",
    "build_pool",
    "claim_work_bound",
    "compatible_units",
    "dimension",
    "extract_quantities",
    "find_derivations",
    "number_text",
    "numbers_not_in_sources",
    "rate_of",
    "reduced_claim",
    "rest_of_claim",
    "same_amount",
    "skipped_numerals",
    "work_bound",
]
