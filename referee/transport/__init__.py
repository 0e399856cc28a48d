"""How the referee reaches bots: a gRPC server bridged to trio, and bot processes."""
