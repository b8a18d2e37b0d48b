"""The teaching table's page over plain HTTP: its files and texts, and the addresses it answers on.

Only GET and HEAD are answered (the server's ``process_request``); a request must name one of the
table's own addresses (:class:`Addresses`: the bound address, or for a wildcard any address this
machine can bind, ``localhost`` and the machine's name) and its port, and a WebSocket's ``Origin``
must be the table's own page, so that neither a DNS name pointing here from elsewhere nor another
site's page open in a player's browser reaches the table.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import urllib.parse
from dataclasses import dataclass, field
from http import HTTPStatus

from websockets.datastructures import Headers
from websockets.http11 import Response

from ..support.i18n import DEFAULT_LANGUAGE, catalog

__all__ = ["PAGE_FILES", "Addresses", "is_loopback", "is_wildcard", "link_host", "page_strings", "response"]

PAGE_FILES = {"/": ("index.html", "text/html; charset=utf-8"),
              "/index.html": ("index.html", "text/html; charset=utf-8"),
              "/app.js": ("app.js", "text/javascript; charset=utf-8"),
              "/style.css": ("style.css", "text/css; charset=utf-8")}


def is_loopback(host: str) -> bool:
    """Does ``host`` listen on this machine only?"""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def is_wildcard(host: str) -> bool:
    return host in ("0.0.0.0", "::", "")


def link_host(host: str) -> str:
    """The host to put in the table's link: a wildcard address is replaced by this machine's
    address on its network (what a phone beside it can reach); IPv6 in brackets."""
    if is_wildcard(host):
        with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))  # no packet is sent: this only picks the interface
            host = str(s.getsockname()[0])
        if is_wildcard(host):
            host = "127.0.0.1"
    return f"[{host}]" if ":" in host else host


def page_strings(lang: str) -> dict[str, str]:
    """The page's texts (``net.page.*`` of the catalogs) in ``lang``, English where missing."""
    strings = {k: v for k, v in catalog(DEFAULT_LANGUAGE).items() if k.startswith("net.page.")}
    if lang != DEFAULT_LANGUAGE:
        strings.update({k: v for k, v in catalog(lang).items() if k.startswith("net.page.")})
    return {k[len("net.page."):]: str(v) for k, v in strings.items()}


def response(status: HTTPStatus, body: bytes, kind: str = "text/plain; charset=utf-8") -> Response:
    headers = Headers([
        ("Content-Type", kind), ("Content-Length", str(len(body))), ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
        ("Content-Security-Policy",
         "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; frame-ancestors 'none'"),
    ])
    return Response(status.value, status.phrase, headers, body)



@dataclass
class Addresses:
    """The addresses a table bound to ``host`` answers on, at ``port``."""

    host: str
    port: int
    _local: dict[str, bool] = field(default_factory=dict)  # address → can this machine bind it

    def own(self, host: str) -> bool:
        """Is ``host`` (a Host header's name, no port) one of the addresses the table answers on?"""
        name = host.lower().rstrip(".")
        if name.startswith("[") and name.endswith("]"):
            name = name[1:-1]
        if name == "localhost":
            return is_loopback(self.host) or is_wildcard(self.host)
        machine = socket.gethostname().lower()
        if is_wildcard(self.host) and name in (machine, machine + ".local"):
            return True
        try:
            address = ipaddress.ip_address(name)
        except ValueError:
            return False  # another name (a DNS name pointing here from elsewhere) is not the table's
        if not is_wildcard(self.host):
            with contextlib.suppress(ValueError):
                bound = ipaddress.ip_address(self.host)
                return address == bound or (bound.is_loopback and address.is_loopback)
            return self.host == "localhost" and address.is_loopback
        if name not in self._local:
            if len(self._local) > 1024:
                self._local.clear()
            family = socket.AF_INET6 if address.version == 6 else socket.AF_INET
            try:
                with socket.socket(family, socket.SOCK_STREAM) as probe:
                    probe.bind((name, 0))
                self._local[name] = True
            except OSError:
                self._local[name] = False
        return self._local[name]

    def host_ok(self, netloc: str | None) -> bool:
        """A ``host[:port]`` naming this table: one of its addresses and its port."""
        if not netloc or len(netloc) > 300:
            return False
        try:
            parts = urllib.parse.urlsplit("//" + netloc)
            port = parts.port
            host = parts.hostname
        except ValueError:
            return False
        if host is None or (port if port is not None else 80) != self.port:
            return False
        return self.own(host)

    def origin_ok(self, origin: str | None) -> bool:
        if origin is None:
            return True  # not a browser: a script may join (it knows the code)
        try:
            parts = urllib.parse.urlsplit(origin)
        except ValueError:
            return False
        return parts.scheme == "http" and not parts.path.strip("/") and self.host_ok(parts.netloc)
