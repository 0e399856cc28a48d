"""Tournaments: specs, schedules, the database, workers, standings."""
