"""Readers and writers of outside file formats: OpenGotha XML, EGD h9.

Readers collect every problem and raise one :class:`FormatError` carrying positioned
diagnostics; nothing is returned half-read.
"""

from __future__ import annotations

from ..diagnostics import Diagnostic, SitegenError


class FormatError(SitegenError):
    """A file in an outside format could not be read; ``diagnostics`` lists every problem."""

    def __init__(self, diagnostics: list[Diagnostic]):
        super().__init__(diagnostics)
