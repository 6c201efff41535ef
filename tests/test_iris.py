"""IRIs: readable, safe and unique."""

from kg.iris import resource, short_hash, slug, unique_slugs


def test_slug_is_readable():
    assert slug("ARC-AGI-2") == "arc-agi-2"
    assert slug("G²-Reader") == "g2-reader"
    assert slug("Qwen3-VL-32B-Instruct") == "qwen3-vl-32b-instruct"
    assert slug("  Über  Net!  ") == "uber-net"


def test_slug_of_a_name_without_latin_letters_is_percent_encoded():
    text = slug("论文 列表")
    assert text.startswith("%") and " " not in text


def test_collisions_resolve_deterministically():
    first = unique_slugs([("b", "Foo Net"), ("a", "foo-net"), ("c", "Bar")])
    second = unique_slugs([("c", "Bar"), ("a", "foo-net"), ("b", "Foo Net")])
    assert first == second == {"a": "foo-net", "b": "foo-net-2", "c": "bar"}


def test_resource_and_hash():
    assert str(resource("dataset", "arc-agi-2")) == "https://w3id.org/mlkg/id/dataset/arc-agi-2"
    assert short_hash("a", 1) == short_hash("a", 1) != short_hash("a", 2)
    assert len(short_hash("x")) == 16
