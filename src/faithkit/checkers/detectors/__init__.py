"""Public detectors: ``detector.py`` (``DetectorChecker``, the registry's ``classifier`` / ``seq2seq`` / ``hhem``
factories) over the scorers of ``scorers.py`` and ``hhem.py``, with their options in ``detector_options.py``.

May import: ``records``, ``errors``, ``text/``, and the checkers root's contract and pair plumbing (``base``,
``options``, ``pairs``, ``premises``, ``labels``, ``model_files``). Not ``rules/`` or ``llm/``.
"""
