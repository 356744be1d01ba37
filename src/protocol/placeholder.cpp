namespace bg::protocol {}
