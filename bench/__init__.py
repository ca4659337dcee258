"""`python -m bench [--quick]`: SuperTable's performance figures and the budgets they must meet.

Sections: engine speed, rendering, action latency under load (with event-loop lag), memory per
idle table, and start-up with many stored tables. Results go to a table on stdout and to
bench/results.json; docs/performance.md says what each figure means and how it is measured.
"""
