"""The self-contained HTML report: one file, CSS and JS inline, no network, safe with hostile log strings.

Safety is layered, so one slip does not become script execution:

1. every string from the log (answers, passages, ids, metadata, judge replies) travels only inside one
   ``<script type="application/json">`` block, with ``<``, ``>``, ``&`` and the JS line separators written as
   ``\\uXXXX`` escapes, so no ``</script>`` can end the block early; the page's own script reads it with
   ``JSON.parse`` and puts text on the page with ``textContent`` only;
2. the rest of the page is a Jinja2 template with autoescaping on;
3. a Content-Security-Policy meta tag allows no network load at all, runs only the page's own script (by its
   sha256, so an injected inline script or ``onerror=`` handler would not run even if it got into the page),
   and allows images only as ``data:`` URIs.
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
from pathlib import Path
from typing import Any

TEMPLATES = Path(__file__).parent / "templates"
REPORT_FILE = "report.html"

_JSON_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def _finite(value: Any) -> Any:
    """JSON.parse rejects NaN and Infinity: they become null (a missing score, which is what they mean)."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {str(k): _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


def script_json(data: Any) -> str:
    """``data`` as JSON that is safe inside a ``<script type="application/json">`` element."""
    text = json.dumps(_finite(data), ensure_ascii=False, separators=(",", ":"), default=str)
    for raw, escaped in _JSON_ESCAPES.items():
        text = text.replace(raw, escaped)
    return text


def content_security_policy(script: str) -> str:
    """No network, no plugins, no forms; only the page's own inline script (by hash) and inline styles."""
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
    return (
        "default-src 'none'; "
        f"script-src 'sha256-{digest}'; style-src 'unsafe-inline'; img-src data:; "
        "base-uri 'none'; form-action 'none'"
    )


def render_html(data: dict[str, Any], plots: list[dict[str, str]] | None = None, title: str = "faithkit report") -> str:
    """The report page for ``report_data`` output; ``plots``: ``{"title", "svg"}`` made by ``report.plots``."""
    import jinja2
    from markupsafe import Markup

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True, undefined=jinja2.StrictUndefined
    )
    script = (TEMPLATES / "report.js").read_text(encoding="utf-8")
    return env.get_template("report.html.j2").render(
        title=title,
        csp=content_security_policy(script),
        style=Markup((TEMPLATES / "report.css").read_text("utf-8")),
        script=Markup(script),
        data_json=Markup(script_json(data)),
        plots=[{"title": p["title"], "svg": Markup(p["svg"])} for p in plots or []],
    )


def write_html(path: str | Path, text: str) -> Path:
    """Write the report atomically (a reader never opens half a report)."""
    from faithkit.io.files import atomic_write_text

    atomic_write_text(path, text)
    return Path(path)
