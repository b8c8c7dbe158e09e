"""``floorman chaos``: the cluster proved under faults (issue 27, point 8).

A run starts the multi-process deployment (two web processes, two
runners) on a fresh PostgreSQL database and a Redis of its own
(:mod:`floorman.chaos.faults`), drives a few hundred clients that retry
every command that got no answer with the same idempotency key
(:mod:`floorman.chaos.clients`), injects faults at random from a seed
meanwhile — ``kill -9`` of a runner or a web process, Redis restarted
empty, PostgreSQL paused — and afterwards checks from the database and
the processes that nothing was applied twice and nothing acknowledged was
lost (:mod:`floorman.chaos.check`).  :mod:`floorman.chaos.run` puts it
together; the command line is ``floorman chaos``.
"""
