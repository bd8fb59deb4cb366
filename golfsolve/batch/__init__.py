"""Many deals at once. ``deals`` reads deal lists, ``unit`` solves a unit of them in a worker,
``run`` has the entry points (solve_deals, report_stored, export_rows) that stream a list's
rows in order, ``store`` keeps them in SQLite, ``rows`` is the one row schema (CSV, JSON lines,
SQLite), ``tally`` counts what they say."""
