"""Where the model's forward pass runs: in this process (the default) or on a Ray actor pool (``ray_engine``)."""
