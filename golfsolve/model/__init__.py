"""The value types of the game, with no solver in them: cards, rules, game codes, positions,
deals, games, actions, and the game's words in four languages."""
