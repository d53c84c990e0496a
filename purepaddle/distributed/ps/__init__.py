"""Parameter-server training on purepaddle: servers and workers are ranks of one MPI job.

`program` splits a static program into the worker part and the servers' plan; `tables` holds the
servers' sparse tables and the row-wise optimizer rules; `server` is the serving loop and `client`
the workers' requests (`wire`: the MPI messages); `ops` are the PS ops a worker program carries;
`runtime` this process's PS state; `shards` the saved files; `role` what fleet's PS calls do.
"""
