"""The numbers stage's version, written to every run's manifest (``settings.checker.numbers.version``).

Why a version: the stage's verdicts change with its rules, and two runs compare answer by answer (``compare``,
``gate``) only when a reader can see that the rules moved between them. Raised with every change of a verdict
the stage gives, including changes of the rules it reads through its inner checker; what each version changed:

39: a claim that states one amount where its arithmetic uses another passage amount it does not write is not
    supported ("7 days at €20 would be €343" is 7 × €49; ``misstated.misstated_operand``, ``numbers_rule``
    "misstated_operand").
38: a date a claim checked in parts works out takes its period from the sentences the answer's other statements
    share a word with ("..., so it runs until 21 March 2028"; ``dates.worked_date``), and of two or more dates of
    the question, only the date of the event a period counts from is its base ("counted from the day we receive
    your request" against "I sent it on 2 September and you received it on 4 September"; ``dates._counts_from``);
    the binding rule takes a name before a sentence's first number for the subject of every part only where no
    later part names a sibling in its place ("The Daily plan costs TND 12 per week and the Weekend plan costs TND 5
    per week"; ``rules.alignment.binding_conflict``).
37: a rate named with "for every / for each" after its amount ("€20 for every started hour") or with "each / every
    <period>" as the subject it is given to ("Each rental day includes 150 km") states its period (``extract.rate_of``).
36: a time of day the model read a claim against must be in the window that supported it ("open every day from
    12:00 to 03:00" against "from 12:00 to 05:00", where 03:00 is another case's time; ``clock.unbound_times``,
    ``numbers_rule`` "clock_elsewhere").
35: the model's input drops "only" before a participle ("is only offered to patients aged 18 and over";
    ``nli_input``).
34: an anchor led by "we" or "you" names its event by its verb ("10 days after we collect the equipment" is not
    "10 days after delivery"; ``rules.alignment_anchors``).
33: the alignment rules read an amount in any currency (``rules.alignment_units``: "JOD 150", "1,800 BDT"), so the
    cases rule binds it ("the deposit for a wheelchair is JOD 150" against "JOD 50 for a wheelchair ... JOD 150 for a
    hospital bed"); a claim that also states its own case's number lists both cases and swaps nothing.
32: an operand whose sentence holds the price for another "first N" than the claim says ("₴200 per hour for their
    first 3 hours" for "their first 4 hours"; ``operand_conditions.bound_operands``, ``operand_condition``); a
    claim an alignment rule refuted is not rescued by its arithmetic (``_rescue``).
31: every ISO 4217 code and a currency's own sign is money ("JOD 95", "1,800 BDT", "৳500"; ``text.currencies``); a
    sum of four or more grounded amounts the claim writes out is derived ("Total: JOD 95 + JOD 130 + JOD 30 + JOD
    150 = JOD 405"; ``analysis._shown_totals``).
30: "later" is a word of date arithmetic ("it ends 30 days later, on 4 August"; ``dates``); a weekday or month
    inside the sentence's span is no sibling of the span's ends ("Tuesday" against "From Monday to Wednesday";
    ``rules.alignment_names.spanned_names``).
29: a dollar with its country in front ("R$368", "NT$99") starts at the country's letters, so "Total: R$368" has
    its total's label right before its number (``scan.DOLLAR_PREFIX``); a price for a quantity of the user's that
    the rate's sentence does not allow ("for 2 to 8 weeks" priced for 10; ``operand_conditions.out_of_range``); a
    negated amount beside another of its unit is a correction, not a polarity flip ("60 minutes, not 90"); a claim's
    "10%" is read from a sentence that writes it as a percentage, not from a bare "10" before it (``pool``).
28: the user's quantity in a product is never of the target's own dimension ("14 days = 7 days × 2" read the DVD
    loan as the user's; ``justify``); the inner checker's rule stages (``rule:<name>``) and leaning sentences.
27: "date" and "period" are words of date arithmetic ("the notice period ends on 17 March"; ``dates``).
26: the coverage test stems with Snowball ("activation" meets "activated"; ``reduce._stem``).
25: two operands nobody named, from two passages, make no three-operand derivation (``justify``); a currency code
    or a country's sign before a written expression's number, a percentage taken off in one, and the number it
    works out that is not one of its own operands (``written``); "saves 10%" is a discount (``justify.DISCOUNT``).
24: the worked premise (``worked``): a claim whose arithmetic is verified is read as written against the sentences
    its operands came from and those stating an amount it repeats, with the arithmetic written out; an operand's
    case read from the question when the claim names no one (``operand_conditions.scenario``).
23: a negation inside an "if" clause is held only against a case (``rules.alignment.polarity_conflict``).
22: exclusions "but not on / off"; amounts behind the claim's own numbers; a condition flag refutes a split claim;
    user-supplied operands rank first.
21: a derivation with more of the claim's own numbers ranks first (``operands.rank``).
20: a price the claim works out from its own numbers that a passage states by chance (re-derived); a cap or minimum
    the total ignores (``operand_conditions.ignored_limit``).
19: currency signs beyond € $ £ ¥ ("₩18,000"); a discount that "takes" off / "leaves".
18: an amount used where its sentence says it does not apply (``operand_conditions``).
17: 16's subtotals rule removed (its verdict gain was only where it was chosen).
15: an operand counted per something else than the claim says (``alignment_units.per_mismatch``); a date no source
    states or computes (``dates.unstated_dates``).
14: + and − over the claim's own numbers; a time of day no source states. 13: an unresolved cent. 12: rates of
    different periods. 11: the answer's grounded statements rank first. 10: a discount named beside the price left.
9: the user's count from the question. 8: three operands need one the claim names. 7: a total's label. 6: the
    answer's other statements. 5: date arithmetic. 4: written sums. 3: premise phrases. 2: rest of claim.
"""

STAGE_VERSION = "39"
