"""String rules that decide which windows may support a claim, read by the NLI checker (``nli_verdict``, ``nli``).

    alignment.py              the window rules by name (``ALIGNMENT_RULES``) and what each finds (``conflict_kind``),
                              over alignment_anchors / _conditions / _names / _units / _words
    window_veto.py            which scored windows may support a claim;  claim_subject.py  a pronoun subject's name
    copy_rule.py              a claim copied from its sentence;  follow_on.py  follow-on clauses read on their own
    label_line.py             a label line ("Pet-hair removal: RON 30") and the sentence giving label and amount

May import: ``records``, ``text/``, ``checkers/numbers/``, and from the checkers root only ``nli_options`` (the
window-veto default) and ``parts`` (a claim's subject). No model, no ``detectors/`` or ``llm/``.
"""
