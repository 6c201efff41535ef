"""The NLP stage: turns one abstract into Facts with spaCy components. Knows nothing of RDF."""
