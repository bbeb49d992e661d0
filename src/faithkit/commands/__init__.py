"""CLI subcommands. Each module defines ``register(subparsers)`` and imports nothing heavy at module level,
so ``faithkit --help`` stays instant. Add a command by adding its module name here."""

COMMAND_MODULES: list[str] = [
    "check",
    "compare",
    "gate",
    "mutate",
    "sweep",
    "agree",
    "sample_size",
    "export_onnx",
    "bench",
    "omissions",
    "decompose_audit",
    "rescore",
    "report",
]
