"""An online night as an event: a room's games of an evening (imported online games, or files
uploaded straight into the round) become an event round's tables when their players are the
event's entrants by their online names. ``matching`` decides, pure; the events' services
(``take_online_games``) write; ``views`` is the staff page."""
