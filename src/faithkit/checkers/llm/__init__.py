"""LLM-based checkers: ``judge.py`` (the LLM judge), ``cascade.py`` (NLI first, the judge where NLI is unsure),
``extract_label.py`` (extract and label in one call), ``quote_nli.py`` (the NLI model's check of each quote), and
their options in ``llm_options.py``.

May import: ``records``, ``errors``, ``guards``, ``text/``, the top-level ``faithkit.llm`` (clients, prompts,
schemas), ``claims/`` (``extract_label``), and from the checkers root ``base``, ``nli_options`` and ``registry``
(``quote_nli`` builds its NLI checker by name). Not ``rules/`` or ``detectors/``. Always import the top-level
package absolutely (``from faithkit.llm import ...``), never relatively.
"""
