"""Two faithkit runs sharing one content cache (CI jobs in parallel, a bench beside a check)."""

from __future__ import annotations


def test_a_write_waits_for_another_process_holding_the_lock(tmp_path):
    """Two runs sharing one cache: a write that meets another writer's lock waits for it instead of turning
    caching off for the run (sqlite's own default wait is 5 s, shorter than one big batch of another run)."""
    import sqlite3
    import threading
    import time

    from faithkit.cache import ContentCache

    cache = ContentCache(tmp_path, "use")
    cache.put("first", {"v": 1})
    holder = sqlite3.connect(str(tmp_path / "cache.sqlite"), timeout=30, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")  # another process in the middle of a write
    released = threading.Event()

    def release_later() -> None:
        time.sleep(6.0)
        holder.commit()
        released.set()

    threading.Thread(target=release_later, daemon=True).start()
    cache.put("second", {"v": 2})
    assert released.is_set()
    assert not any("turned off" in w for w in cache.warnings), cache.warnings
    assert ContentCache(tmp_path, "use").get("second") == {"v": 2}
