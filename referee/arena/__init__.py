"""The arena: submitted bot packages, a standing ladder that keeps playing, its site."""
