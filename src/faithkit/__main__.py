from faithkit.cli import main

raise SystemExit(main())
