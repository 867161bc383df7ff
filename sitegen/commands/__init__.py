"""One function per CLI command; the CLI only parses arguments and calls them."""
