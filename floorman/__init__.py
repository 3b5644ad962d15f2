"""floorman: an expert system for poker cardroom floor rulings."""
