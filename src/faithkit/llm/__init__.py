"""The LLM layer: provider clients, schema-validated calls with bounded repair, prompts, quote checks, hygiene,
and a loopback OpenAI-compatible server for tests. Nothing here is imported by ``faithkit --help``."""
