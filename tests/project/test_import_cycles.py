"""No import cycles in the package: each module's imports point one way, so a module can be read,
tested and moved with what it needs and nothing that needs it. Lazy (in-function) and
type-checking imports count too; ``from . import module`` imports that module, not the package."""

from __future__ import annotations

import grimp


def cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in graph.find_modules_directly_imported_by(module):
            if imported not in graph.modules:
                continue
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return sorted(found)


def test_no_module_imports_a_module_that_imports_it_back() -> None:
    graph = grimp.build_graph("cp_trainer")
    assert cycles(graph) == []
