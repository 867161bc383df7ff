"""The engine: pure functions over the model's data classes, no I/O.

One module per rule set: ``standings`` (league D.1 group tables), ``placement``
(tournament tie-breakers), ``league`` (promotion, demotion, next season, final),
``swiss`` and ``pairing`` (the Swiss league), ``ladder`` (club ladder and handicap).
"""
