"""The multi-process deployment: any number of web processes and table
runners sharing PostgreSQL (the event store, and the leases saying which
runner plays a tournament) and Redis (commands to the runners, changes to
the web processes).  ``make run`` needs none of it: one process, SQLite.

- :mod:`floorman.cluster.runner`: plays the tournaments it holds the lease
  of, takes over those of a runner that died;
- :mod:`floorman.cluster.web`: answers pages, reads and sockets from
  replicas (:mod:`floorman.cluster.follower`), forwards changes;
- :mod:`floorman.cluster.supervisor`: ``floorman serve --workers N
  --runners M``, one command for a developer.
"""
