"""URLs in an abstract -> link facts (code repository or project page), found in the text as the user gave it.

Authors paste URLs in every form: bare, in `\\url{...}` or `\\href{...}{...}`, as markdown links, followed by
sentence punctuation, or broken by a stray space after a slash (`https://github.com/ owner/repo`). We find
them in the original abstract, so the evidence offsets point at the URL itself even when the clean text the
NLP stage reads shows only the link's anchor text.
"""

from __future__ import annotations

import re
import urllib.parse
from dataclasses import dataclass

#: Hosts whose pages are source repositories (schema:codeRepository); every other URL is a project page.
CODE_HOSTS = ("github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "sourceforge.net", "gitee.com")

_COMMAND = re.compile(r"\\(?:url|href)\s*\{([^{}]*)\}")
_MARKDOWN = re.compile(r"\[[^\]\n]*\]\((https?://[^)\s]+)\)")
_BARE = re.compile(r"https?://[^\s<>\"{}\\|^`]+")
# a URL worth a link fact names a host: "https://github.com/...", not "https://" or "https://:a"
_HOST = re.compile(r"https?://(?:[A-Za-z0-9-]+\.)+[A-Za-z0-9-]+(?::\d+)?(?:[/?#]|$)|https?://localhost(?::\d+)?(?:[/?#]|$)")
# the rest of a URL broken after a slash: "https://github.com/ owner/repo", "https://github.com/owner/ repo"
_CONTINUATION = re.compile(r"[ \t]+([A-Za-z0-9][\w.-]*(?:/[^\s<>\"{}\\|^`]*)?)")
_TRAILING = ".,;:!?'\"*"
_IRI_UNSAFE = re.compile(r"[^\w\-.~:/?#\[\]@!$&'()*+,;=%]", re.ASCII)


@dataclass(frozen=True)
class FoundUrl:
    """A URL as found: `url` is what the author meant (spaces removed); [start, end) spans it in the abstract."""

    url: str
    start: int
    end: int


def _path_segments(url: str) -> int:
    return len([part for part in urllib.parse.urlsplit(url).path.split("/") if part])


def _repair(url: str, text: str, end: int) -> tuple[str, int]:
    """Join a continuation that a stray space split off, when the URL is plainly unfinished."""
    if not url.endswith("/"):
        return url, end
    follow = _CONTINUATION.match(text, end)
    if not follow:
        return url, end
    host = urllib.parse.urlsplit(url).hostname or ""
    on_code_host = host.removeprefix("www.") in CODE_HOSTS
    if "/" in follow.group(1).rstrip("/") or (on_code_host and _path_segments(url) == 1):
        return url + follow.group(1), follow.end()
    return url, end


def _trim(url: str, end: int) -> tuple[str, int]:
    """Drop sentence punctuation and unbalanced closing brackets that ended up after the URL."""
    while url:
        last = url[-1]
        if last in _TRAILING or (last == ")" and url.count("(") < url.count(")")) or (
            last == "]" and url.count("[") < url.count("]")
        ):
            url, end = url[:-1], end - 1
        else:
            break
    return url, end


def find_urls(abstract: str) -> list[FoundUrl]:
    """Every distinct http(s) URL in the abstract, in order of first appearance."""
    found: list[FoundUrl] = []
    taken: list[tuple[int, int]] = []
    for pattern in (_COMMAND, _MARKDOWN):
        for match in pattern.finditer(abstract):
            url = "".join(match.group(1).split())
            if _HOST.match(url):
                found.append(FoundUrl(url, *match.span(1)))
            taken.append(match.span())
    for match in _BARE.finditer(abstract):
        if any(start <= match.start() < end for start, end in taken):
            continue
        url, end = _trim(*_repair(match.group(0), abstract, match.end()))
        if _HOST.match(url):
            found.append(FoundUrl(url, match.start(), end))
    found.sort(key=lambda item: item.start)
    seen: set[str] = set()
    distinct = []
    for item in found:
        key = canonical_url(item.url)
        if key not in seen:
            seen.add(key)
            distinct.append(item)
    return distinct


def canonical_url(url: str) -> str:
    """One spelling per link: lower-case scheme and host, no default port, no trailing slash or `.git`,
    and characters an IRI may not contain percent-encoded."""
    parts = urllib.parse.urlsplit("".join(url.split()))
    scheme, host = parts.scheme.lower(), parts.netloc.lower()
    host = host.removesuffix({"https": ":443", "http": ":80"}.get(scheme, ":"))
    path = parts.path.rstrip("/")
    if host.removeprefix("www.") in CODE_HOSTS:
        path = path.removesuffix(".git")
    rebuilt = urllib.parse.urlunsplit((scheme, host, path, parts.query, parts.fragment))
    return _IRI_UNSAFE.sub(lambda m: "".join(f"%{b:02X}" for b in m.group(0).encode("utf-8")), rebuilt)


def classify_url(url: str) -> str:
    """`codeRepository` for a source-hosting site, else `projectPage` (the LINK_KINDS of extract.facts)."""
    host = (urllib.parse.urlsplit(url).hostname or "").lower().removeprefix("www.")
    return "codeRepository" if host in CODE_HOSTS else "projectPage"
