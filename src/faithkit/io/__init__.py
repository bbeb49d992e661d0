"""Input logs, results files and caches."""
