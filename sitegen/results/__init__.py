"""Entering one reported result into the content: ``sitegen result add`` and the issue form.

:mod:`.request` holds what a report says (:class:`~.request.ResultRequest`), :mod:`.target`
finds the competition and file it belongs to, :mod:`.entry` writes it into that file's
round-trip YAML for each rule set, and :mod:`.issue` reads a report from the body of a GitHub
issue form. The command itself is :mod:`sitegen.commands.result`.
"""
