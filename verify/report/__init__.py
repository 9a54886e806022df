"""`fbs paper`: one regression check per claim of the paper (`checks/`), the runner, the report
(terminal table, report.md, report.json, plots) and the stored certificates."""
