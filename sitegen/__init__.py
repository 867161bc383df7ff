"""sitegen: static results sites for Go (baduk) leagues, tournaments and club ladders.

The build is a pipeline: load -> validate -> compute -> render -> write.
"""

__version__ = "0.1.0"
