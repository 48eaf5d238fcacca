"""The opening hours' independent oracle: opening-hours-py (PyPI, pinned by scripts/hours-venv;
Python bindings of the Rust `opening-hours` crate) reads every value of a file of
`opening_hours` (one a line, `#` lines left out) and says whether the place is open at a fixed
set of seeded times, with no code of nearby-voice's.

The times: TIMES of them, one in each equal part of the year YEAR (so spread over the seasons),
at a seeded day of that part, hour and quarter hour; a day that is a public holiday in Finland
(by the oracle's own calendar, country FI) is moved on to the next day that is not, because the
program does not know public holidays. The values are parsed with no country, so no rule for
public holidays ever applies (as in the program).

Prints one JSON object: {"times": ["2026-01-07T13:45", ...], "values": [{"value", "parsed"
(whether the oracle reads it), "states" (one of "open", "closed", "unknown" a time; empty when
not parsed)}]}.
Usage: hours-oracle.py FILE [SEED [TIMES [YEAR]]]
"""
import datetime
import json
import random
import sys

import opening_hours


def seeded_times(seed, count, year):
    """`count` times, one in each equal part of `year`, none on a Finnish public holiday."""
    rng = random.Random(seed)
    holidays = opening_hours.OpeningHours("PH", country="FI")
    first = datetime.datetime(year, 1, 1)
    days = (datetime.datetime(year + 1, 1, 1) - first).days
    times = []
    for part in range(count):
        start = part * days // count
        end = (part + 1) * days // count
        day = first + datetime.timedelta(days=rng.randrange(start, end))
        time = day.replace(hour=rng.randrange(24), minute=15 * rng.randrange(4))
        while holidays.is_open(time.replace(hour=12, minute=0)):
            time += datetime.timedelta(days=1)
        times.append(time)
    return times


def main():
    path = sys.argv[1]
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 39
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    year = int(sys.argv[4]) if len(sys.argv) > 4 else 2026
    with open(path, encoding="utf-8") as file:
        values = [line.rstrip("\n") for line in file if line.strip() and not line.startswith("#")]
    times = seeded_times(seed, count, year)
    results = []
    for value in values:
        try:
            hours = opening_hours.OpeningHours(value)
        except Exception:  # the oracle does not read it: SyntaxError or its own ParserError
            results.append({"value": value, "parsed": False, "states": []})
            continue
        states = [str(hours.state(time)[0]).lower() for time in times]
        results.append({"value": value, "parsed": True, "states": states})
    print(json.dumps({"times": [time.strftime("%Y-%m-%dT%H:%M") for time in times], "values": results}))


if __name__ == "__main__":
    main()
