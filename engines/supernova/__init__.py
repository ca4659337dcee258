"""Super Nova Smash!: a real-time card race (entry point: `engines.supernova.engine.Supernova`)."""
