"""faithkit: offline faithfulness testing of RAG answers."""

__version__ = "0.1.0"
