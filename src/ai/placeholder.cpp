namespace bg::ai {}
